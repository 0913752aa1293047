import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyStore
import LoyaltyTestSupport
import Testing

@Suite("Crash safety (guarantees 1 and 2)", .serialized)
struct CrashSafetyTests {
  /// A child tracks and uploads events; it is killed with SIGKILL after a random number
  /// of tracked events, at whatever step it is in. After a restart and a flush, every
  /// event whose `track` returned has reached the server, and de-duplication by id
  /// leaves each exactly once.
  @Test(.timeLimit(.minutes(3)), arguments: [23, 157, 611])
  func everyTrackedEventArrivesAfterKill9(_ killAfter: Int) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyEventsTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("events.db")
    let serverLog = directory.appendingPathComponent("server.log")
    let helper = try #require(TestHelperProcess.locate(), "LoyaltyTestHelper was not built")

    let killed = try await TestHelperProcess.runUntilKilled(
      helper, ["event-tracker", database.path, serverLog.path], afterLines: killAfter,
      timeout: 90)
    #expect(killed.terminationReason == .uncaughtSignal)
    let tracked = killed.lines
    #expect(tracked.count >= killAfter)

    // Restart: the same database, a pipeline, a flush to the same server.
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.event-tracker",
      preset: .testing)
    let store = try StoreDatabase(location: .file(database), configuration: configuration)
    defer { store.close() }
    let server = RecordingUploader()
    let pipeline = AnalyticsPipeline(
      queue: SQLiteEventQueue(database: store), uploader: { server }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushInterval: 0))
    await pipeline.flush()
    #expect(await pipeline.currentStatistics().pending == 0)

    let beforeCrash = ((try? String(contentsOf: serverLog, encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
    let delivered = Set(beforeCrash).union(server.received)
    let missing = tracked.filter { !delivered.contains($0) }
    #expect(missing.isEmpty, "lost \(missing.count) of \(tracked.count) tracked events")
    let everything = beforeCrash + server.batches.flatMap { $0 }
    #expect(Set(everything).count == delivered.count, "ids are unique per event")
  }
}
