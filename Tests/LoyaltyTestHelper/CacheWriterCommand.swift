import Foundation
import LoyaltyCore
import LoyaltyStore

/// Stores ever newer answers for one key of a store database's market cache, one durable
/// transaction at a time, and prints each committed version on its own line, so a test
/// can kill it with SIGKILL during a write and check that the answer read afterwards is
/// whole and at least as new as the last printed.
///
/// Before the loop it stores ``sibling`` for another key and prints `sibling`. Each
/// version `n` is ``answer(version:)``: its body is `bodyBytes` bytes that all name `n`,
/// so a torn write shows as a mix.
///
/// Arguments: `<database path> [count]`; it stops after `count` versions (100,000 by
/// default) or when its parent process goes away.
struct CacheWriterCommand {
  /// The key every version is stored under.
  static let key = "coupons?language=en"
  /// The owner of every answer.
  static let owner = MarketCacheOwner.user("crash-test")
  /// The size of each version's body: several pages, so a write spans many.
  static let bodyBytes = 48 * 1_024

  /// Version `version` of the answer.
  static func answer(version: Int) -> CachedAnswer {
    let unit = Array(String(format: "<v%08d>", version).utf8)
    return CachedAnswer(
      key: key, owner: owner, kind: "coupons", headers: ["ETag": "\"\(version)\""],
      body: Data((0..<bodyBytes).map { unit[$0 % unit.count] }),
      answeredAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(version)),
      storedAt: Date(timeIntervalSinceReferenceDate: 900_000_000 + Double(version)))
  }

  /// An answer for another key, stored once before the loop.
  static let sibling = CachedAnswer(
    key: "campaigns", owner: owner, kind: "campaigns", headers: ["ETag": "\"sibling\""],
    body: Data(#"{"campaigns":["sibling"]}"#.utf8),
    answeredAt: Date(timeIntervalSinceReferenceDate: 700_000_000),
    storedAt: Date(timeIntervalSinceReferenceDate: 700_000_001))

  static func run(_ arguments: [String]) async throws {
    guard let path = arguments.first else {
      throw HelperError(message: "usage: cache-writer <database path> [count]")
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.cache-writer",
      preset: .testing)
    let database = try StoreDatabase(
      location: .file(URL(fileURLWithPath: path)), configuration: configuration)
    let cache = SQLiteMarketCache(database: database)
    let output = LineWriter()
    try await cache.store(sibling)
    try output.writeLine("sibling")
    let parent = getppid()
    for version in 0..<count where getppid() == parent {
      try await cache.store(answer(version: version))
      try output.writeLine(String(version))
    }
    database.close()
  }
}
