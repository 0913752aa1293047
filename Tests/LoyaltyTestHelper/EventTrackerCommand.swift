import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tracks analytics events into a store database while uploading them to a "server"
/// that appends each received id to a file, and prints each id once `track` returned,
/// so a test can kill it with SIGKILL at any step (insert, claim, send, acknowledge).
///
/// Arguments: `<database path> <server log path> [count] [--concurrency N]`. `count`
/// events are tracked in all (100,000 when not given), by N tasks at once (1 when not
/// given), so that with several a kill can land while appends wait on one group commit.
/// Every run ends by uploading what the queue holds: a count of 0 tracks nothing and
/// only drains the queue left by a killed run.
struct EventTrackerCommand {
  static func run(_ arguments: [String]) async throws {
    let usage = "usage: event-tracker <database path> <server log> [count] [--concurrency N]"
    var positional: [String] = []
    var concurrency = 1
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument == "--concurrency" else {
        positional.append(argument)
        continue
      }
      guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
        throw HelperError(message: usage)
      }
      concurrency = value
    }
    guard positional.count >= 2 else {
      throw HelperError(message: usage)
    }
    let count = positional.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.event-tracker",
      preset: .testing)
    let database = try StoreDatabase(
      location: .file(URL(fileURLWithPath: positional[0])), configuration: configuration)
    let server = FileLogUploader(path: positional[1])
    let pipeline = AnalyticsPipeline(
      queue: SQLiteEventQueue(database: database), uploader: { server }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushAt: 7, flushInterval: 0))
    let parent = getppid()
    let output = LineWriter()
    let trackers = concurrency
    try await withThrowingTaskGroup(of: Void.self) { group in
      for tracker in 0..<trackers {
        group.addTask {
          // Tracker t tracks the indexes t, t + N, t + 2N... below count.
          for index in stride(from: tracker, to: count, by: trackers)
          where getppid() == parent {
            let id = try await pipeline.track(
              "tracker_event", parameters: ["index": String(index)])
            try output.writeLine(id)
          }
        }
      }
      try await group.waitForAll()
    }
    // Uploads everything left in the queue, what earlier runs left included.
    await pipeline.stop()
    database.close()
  }
}

/// A stand-in server: appends every received event id to a file, durably, then accepts.
struct FileLogUploader: AnalyticsUploader {
  let path: String

  func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
    guard descriptor >= 0 else { return .retryLater(after: nil) }
    defer { close(descriptor) }
    let text = events.map { $0.id + "\n" }.joined()
    let written = text.utf8CString.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count - 1)
    }
    guard written == text.utf8.count, fsync(descriptor) == 0 else {
      return .retryLater(after: nil)
    }
    return .accepted(duplicates: 0)
  }
}
