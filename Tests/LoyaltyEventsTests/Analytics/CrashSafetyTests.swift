import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyStore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let helper = try #require(Self.helperExecutable(), "LoyaltyTestHelper was not built")

    let process = Process()
    process.executableURL = helper
    process.arguments = ["event-tracker", database.path, serverLog.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
    var received = await Self.read(output.fileHandleForReading, untilLines: killAfter)
    kill(pid, SIGKILL)
    process.waitUntilExit()
    watchdog.cancel()
    received.append(output.fileHandleForReading.readDataToEndOfFile())
    #expect(process.terminationReason == .uncaughtSignal)

    let text = String(decoding: received, as: UTF8.self)
    let tracked = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
      .map(String.init)
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

  static func helperExecutable() -> URL? {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return directories.map { $0.appendingPathComponent("LoyaltyTestHelper") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  private static func read(_ handle: FileHandle, untilLines count: Int) async -> Data {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var data = Data()
        while data.reduce(0, { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }) < count {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          data.append(chunk)
        }
        continuation.resume(returning: data)
      }
    }
  }
}
