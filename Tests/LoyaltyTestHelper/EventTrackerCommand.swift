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
/// Arguments: `<database path> <server log path> [count]`.
struct EventTrackerCommand {
  static func run(_ arguments: [String]) async throws {
    guard arguments.count >= 2 else {
      throw HelperError(message: "usage: event-tracker <database path> <server log> [count]")
    }
    let count = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.event-tracker",
      preset: .testing)
    let database = try StoreDatabase(
      location: .file(URL(fileURLWithPath: arguments[0])), configuration: configuration)
    let server = FileLogUploader(path: arguments[1])
    let pipeline = AnalyticsPipeline(
      queue: SQLiteEventQueue(database: database), uploader: { server }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushAt: 7, flushInterval: 0))
    let parent = getppid()
    let output = FileHandle.standardOutput
    for index in 0..<count where getppid() == parent {
      let id = try await pipeline.track("tracker_event", parameters: ["index": String(index)])
      output.write(Data("\(id)\n".utf8))
    }
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
