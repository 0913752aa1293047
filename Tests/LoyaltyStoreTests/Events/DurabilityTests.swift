import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Durability")
struct DurabilityTests {
  /// Appends in a child process, kills it with SIGKILL mid-stream, and checks that every
  /// id it reported as committed is in the database, which is sound.
  @Test(.timeLimit(.minutes(2)))
  func committedAppendsSurviveKill9() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let helper = try #require(Self.helperExecutable(), "LoyaltyTestHelper was not built")
    let databaseFile = directory.file("writer.db")

    let process = Process()
    process.executableURL = helper
    process.arguments = ["store-writer", databaseFile.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: Self.emptyFile(directory.file("stderr")))
    try process.run()
    let pid = process.processIdentifier
    // A watchdog, cancelled below, in case the child never prints enough.
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)

    let reader = output.fileHandleForReading
    var received = await Self.read(reader, untilLines: 50)
    kill(pid, SIGKILL)
    process.waitUntilExit()
    watchdog.cancel()
    received.append(await Self.readToEnd(reader))

    let stderr = (try? String(contentsOf: directory.file("stderr"), encoding: .utf8)) ?? ""
    #expect(process.terminationReason == .uncaughtSignal, "child stderr: \(stderr)")
    let text = String(decoding: received, as: UTF8.self)
    // Only whole lines count: a line cut by the kill was never fully reported.
    let printed = text.split(separator: "\n", omittingEmptySubsequences: true)
      .dropLast(text.hasSuffix("\n") ? 0 : 1).map(String.init)
    #expect(printed.count >= 50, "child stderr: \(stderr)")

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

  /// The helper executable, built beside the test bundle.
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

  private static func emptyFile(_ url: URL) throws -> URL {
    try Data().write(to: url)
    return url
  }

  /// Reads from `handle` on a dispatch thread until `count` lines arrived or the
  /// stream ended.
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

  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: handle.readDataToEndOfFile())
      }
    }
  }
}
