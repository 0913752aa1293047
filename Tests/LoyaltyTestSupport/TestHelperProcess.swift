import Dispatch
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and runs executables SwiftPM builds beside the tests: the `LoyaltyTestHelper`
/// child processes of the crash and race tests, and the examples.
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

  /// Runs the helper with `arguments` to its end, waiting on a thread outside the
  /// cooperative pool, and returns its exit status and output.
  public static func run(
    _ helper: URL, _ arguments: [String]
  ) async throws -> (status: Int32, output: String, error: String) {
    try await offThePool { Result { try start(helper, arguments).finish() } }.get()
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
