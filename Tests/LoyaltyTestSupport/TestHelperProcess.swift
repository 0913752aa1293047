import Dispatch
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the executables SwiftPM builds beside the tests (the `LoyaltyTestHelper` child
/// processes of the crash and race tests, the examples) and runs them, and any other
/// executable the tests run (zbarimg).
public enum TestHelperProcess {
  /// The helper executable's name.
  public static let name = "LoyaltyTestHelper"

  /// The executable `name`: next to the test bundle's executable, or in a directory above
  /// it (an `.xctest` bundle on Apple platforms nests its executable). The environment
  /// variable `LOYALTY_TEST_HELPER` overrides the helper's location.
  public static func locate(named name: String = TestHelperProcess.name) -> URL? {
    let fileManager = FileManager.default
    if name == Self.name, let override = ProcessInfo.processInfo.environment["LOYALTY_TEST_HELPER"],
      fileManager.isExecutableFile(atPath: override)
    {
      return URL(fileURLWithPath: override)
    }
    var starts: [URL] = []
    if let executable = Bundle.main.executableURL {
      starts.append(executable.deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      starts.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      starts.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for start in starts {
      var directory = start.standardizedFileURL
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
        if fileManager.isExecutableFile(atPath: candidate.path) {
          return candidate
        }
        directory.deleteLastPathComponent()
      }
    }
    return nil
  }

  /// A started helper process and the pipes holding its output.
  public struct Running {
    public let process: Process
    public let output: Pipe
    public let error: Pipe

    /// Waits for the process and returns its exit status and its output as text.
    public func finish() -> (status: Int32, output: String, error: String) {
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = error.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus,
        String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
      )
    }
  }

  /// Starts the helper with `arguments`.
  public static func start(_ helper: URL, _ arguments: [String]) throws -> Running {
    let process = Process()
    process.executableURL = helper
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    return Running(process: process, output: output, error: error)
  }

  /// What a helper killed with SIGKILL had printed.
  public struct Killed {
    /// The whole lines it printed: a line cut by the kill was never fully reported.
    public let lines: [String]
    /// How it ended: `.uncaughtSignal` when the kill, not an exit, ended it.
    public let terminationReason: Process.TerminationReason
    /// What it wrote to standard error.
    public let error: String
  }

  /// Runs the helper with `arguments` until it has printed `count` lines and then for
  /// `delay` more, kills it with SIGKILL, and returns every whole line it printed. A
  /// watchdog kills it after `timeout` if it never prints enough.
  public static func runUntilKilled(
    _ helper: URL, _ arguments: [String], afterLines count: Int,
    thenWaiting delay: Duration = .zero, timeout: TimeInterval
  ) async throws -> Killed {
    let running = try start(helper, arguments)
    let pid = running.process.processIdentifier
    let watchdog = DispatchWorkItem { _ = kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let reader = running.output.fileHandleForReading
    var received = await offThePool { read(reader, untilLines: count) }
    // What it prints meanwhile is read at once: a full pipe would hold the helper up.
    async let rest = offThePool { reader.readDataToEndOfFile() }
    if delay > .zero {
      try? await Task.sleep(for: delay)
    }
    _ = kill(pid, SIGKILL)
    running.process.waitUntilExit()
    watchdog.cancel()
    received.append(await rest)
    let errorReader = running.error.fileHandleForReading
    let error = await offThePool { errorReader.readDataToEndOfFile() }
    let text = String(decoding: received, as: UTF8.self)
    let lines = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
    return Killed(
      lines: lines.map(String.init), terminationReason: running.process.terminationReason,
      error: String(decoding: error, as: UTF8.self))
  }

  /// What a process run to its end printed, and its exit status.
  public struct Finished: Sendable {
    /// The exit status.
    public let status: Int32
    /// What it wrote to standard output.
    public let outputData: Data
    /// What it wrote to standard error.
    public let errorData: Data

    /// Standard output as text.
    public var output: String { String(decoding: outputData, as: UTF8.self) }
    /// Standard error as text.
    public var error: String { String(decoding: errorData, as: UTF8.self) }
  }

  /// Runs `executable` (a helper, an example, a tool on `PATH`) with `arguments` to its
  /// end and returns its exit status and what it printed.
  ///
  /// Standard input is empty. Both outputs go to temporary files, not pipes: a child that
  /// writes much to one of them (zbarimg writes a line or two to standard error for each
  /// image) would fill a pipe and block on it. The caller's task is suspended until the
  /// process ends, holding no thread.
  public static func run(_ executable: URL, _ arguments: [String] = []) async throws -> Finished {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-process-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    return Finished(
      status: status, outputData: try Data(contentsOf: outputURL),
      errorData: try Data(contentsOf: errorURL))
  }

  /// Reads from `handle` until `count` newlines arrived or the stream ended.
  private static func read(_ handle: FileHandle, untilLines count: Int) -> Data {
    var data = Data()
    var newlines = 0
    while newlines < count {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      newlines += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      data.append(chunk)
    }
    return data
  }
}
