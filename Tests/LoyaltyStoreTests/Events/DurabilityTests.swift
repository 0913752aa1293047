import Foundation
import LoyaltyCore
import LoyaltyStore
import LoyaltyTestSupport
import Testing

@Suite("Durability")
struct DurabilityTests {
  /// Appends in a child process, kills it with SIGKILL mid-stream, and checks that every
  /// id it reported as committed is in the database, which is sound.
  @Test(.timeLimit(.minutes(TestTime.minutes(2))))
  func committedAppendsSurviveKill9() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let helper = try #require(TestHelperProcess.locate(), "LoyaltyTestHelper was not built")
    let databaseFile = directory.file("writer.db")

    let killed = try await TestHelperProcess.runUntilKilled(
      helper, ["store-writer", databaseFile.path], afterLines: 50, timeout: 60)
    #expect(killed.terminationReason == .uncaughtSignal, "child stderr: \(killed.error)")
    let printed = killed.lines
    #expect(printed.count >= 50, "child stderr: \(killed.error)")

    let database = try StoreTestSupport.open("writer.db", in: directory)
    defer { database.close() }
    #expect(database.recovery == nil)
    #expect(try await database.checkIntegrity().isOK)
    let queue = SQLiteEventQueue(database: database)
    let stored = Set(
      try await queue.claim(maxCount: .max, maxBytes: .max).map(\.id))
    let missing = printed.filter { !stored.contains($0) }
    #expect(missing.isEmpty, "lost \(missing.count) of \(printed.count) committed events")
    #expect(stored.count >= printed.count)
  }
}
