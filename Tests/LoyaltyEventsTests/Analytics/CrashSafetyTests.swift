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
  @Test(.timeLimit(.minutes(TestTime.minutes(3))), arguments: [23, 157, 611])
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

  /// Sixteen trackers at once, so kills land while several `track` calls wait on one
  /// group commit: rounds of a child killed with SIGKILL at a random moment, all on one
  /// database and one server, then a last run that tracks nothing and uploads what is
  /// left. Every id whose `track` returned reached the server, and the server got no id
  /// that was not generated: the others are re-sends, or events whose `track` had not
  /// returned when the kill came (at most one per tracker per round). The delays come
  /// from a seed in every failure message; `LOYALTY_KILL_SEED=<seed>` replays them.
  @Test(.timeLimit(.minutes(TestTime.minutes(3))))
  func concurrentTrackersLoseNothingAcrossKill9Rounds() async throws {
    let rounds = 5
    let trackers = 16
    let seed =
      ProcessInfo.processInfo.environment["LOYALTY_KILL_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var random = SeededRandom(seed: seed)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyEventsTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("events.db")
    let serverLog = directory.appendingPathComponent("server.log")
    let helper = try #require(TestHelperProcess.locate(), "LoyaltyTestHelper was not built")

    let tracker = [
      "event-tracker", database.path, serverLog.path, "1000000", "--concurrency", "\(trackers)",
    ]
    var tracked: [String] = []
    for round in 1...rounds {
      // Killed at a random moment once it has tracked at least one event.
      let delay = Int.random(in: 50...400, using: &random)
      let killed = try await TestHelperProcess.runUntilKilled(
        helper, tracker, afterLines: 1, thenWaiting: .milliseconds(delay), timeout: 60)
      #expect(
        killed.terminationReason == .uncaughtSignal,
        "seed \(seed), round \(round): child stderr: \(killed.error)")
      #expect(!killed.lines.isEmpty, "seed \(seed), round \(round): child stderr: \(killed.error)")
      tracked += killed.lines
    }
    let drain = try await TestHelperProcess.run(
      helper, ["event-tracker", database.path, serverLog.path, "0"])
    #expect(drain.status == 0, "seed \(seed): drain stderr: \(drain.error)")
    #expect(drain.output.isEmpty)

    let received = try String(contentsOf: serverLog, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let delivered = Set(received)
    #expect(Set(tracked).count == tracked.count, "seed \(seed): an id was returned twice")
    let missing = tracked.filter { !delivered.contains($0) }
    #expect(
      missing.isEmpty,
      "seed \(seed): lost \(missing.count) of \(tracked.count) tracked events")
    let unreturned = delivered.subtracting(tracked)
    #expect(
      unreturned.count <= rounds * trackers,
      "seed \(seed): \(unreturned.count) ids arrived whose track never returned")
    let ulid = /[0-9A-HJKMNP-TV-Z]{26}/
    let malformed = unreturned.filter { $0.wholeMatch(of: ulid) == nil }
    #expect(malformed.isEmpty, "seed \(seed): the server got ids never generated: \(malformed)")

    // Nothing is left to upload, and the database was never found corrupt.
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.event-tracker",
      preset: .testing)
    let store = try StoreDatabase(location: .file(database), configuration: configuration)
    defer { store.close() }
    #expect(store.recovery == nil, "seed \(seed)")
    #expect(try await SQLiteEventQueue(database: store).count() == 0, "seed \(seed)")
  }
}
