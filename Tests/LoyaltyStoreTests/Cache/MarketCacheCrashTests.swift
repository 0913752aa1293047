import Foundation
import LoyaltyCore
import LoyaltyStore
import LoyaltyTestSupport
import Testing

/// A kill -9 during a cache write leaves the previous answer intact.
@Suite("SQLiteMarketCache: kill -9 during a write")
struct MarketCacheCrashTests {
  // What the helper's `cache-writer` command stores (Tests/LoyaltyTestHelper).
  static let key = "coupons?language=en"
  static let owner = MarketCacheOwner.user("crash-test")
  static let bodyBytes = 48 * 1_024

  static func version(_ version: Int) -> CachedAnswer {
    let unit = Array(String(format: "<v%08d>", version).utf8)
    return CachedAnswer(
      key: key, owner: owner, kind: "coupons", headers: ["ETag": "\"\(version)\""],
      body: Data((0..<bodyBytes).map { unit[$0 % unit.count] }),
      answeredAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(version)),
      storedAt: Date(timeIntervalSinceReferenceDate: 900_000_000 + Double(version)))
  }

  static let sibling = CachedAnswer(
    key: "campaigns", owner: owner, kind: "campaigns", headers: ["ETag": "\"sibling\""],
    body: Data(#"{"campaigns":["sibling"]}"#.utf8),
    answeredAt: Date(timeIntervalSinceReferenceDate: 700_000_000),
    storedAt: Date(timeIntervalSinceReferenceDate: 700_000_001))

  /// Kills the writer three times, at different moments of its writes, on the same file:
  /// each time the answer read afterwards is one whole version, the last one it reported
  /// or the one it was writing, and the other key's answer is untouched.
  @Test(.timeLimit(.minutes(TestTime.minutes(3))))
  func cacheWriteKilledWithKill9LeavesAWholeAnswer() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let helper = try #require(TestHelperProcess.locate(), "LoyaltyTestHelper was not built")
    let file = directory.file("cache.db")

    for (round, delay) in [0, 7, 23].enumerated() {
      let killed = try await TestHelperProcess.runUntilKilled(
        helper, ["cache-writer", file.path], afterLines: 25, thenWaiting: .milliseconds(delay),
        timeout: 60)
      #expect(killed.terminationReason == .uncaughtSignal, "child stderr: \(killed.error)")
      #expect(killed.lines.first == "sibling", "child stderr: \(killed.error)")
      let versions = killed.lines.dropFirst().compactMap { Int($0) }
      let last = try #require(versions.last, "round \(round): no version was reported")
      #expect(versions.count >= 24)

      let database = try StoreTestSupport.open("cache.db", in: directory)
      #expect(database.recovery == nil)
      #expect(try await database.checkIntegrity().isOK)
      let cache = SQLiteMarketCache(database: database)
      let read = try #require(try await cache.answer(forKey: Self.key, owner: Self.owner))
      let tag = try #require(
        read.entityTag.flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) })
      #expect(read == Self.version(tag), "round \(round): a torn answer, tagged \(tag)")
      #expect(tag == last || tag == last + 1, "round \(round): read \(tag), reported \(last)")
      #expect(try await cache.answer(forKey: "campaigns", owner: Self.owner) == Self.sibling)
      #expect(try await cache.answers().count == 2)
      database.close()
    }
  }
}
