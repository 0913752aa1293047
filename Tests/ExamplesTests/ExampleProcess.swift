import Foundation

/// An example run as a child process: its exit status and what it printed.
struct ExampleProcess {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// Runs `executable` with `arguments` and waits for it to exit.
  ///
  /// Output goes to temporary files rather than pipes, so a chatty child never blocks
  /// on a full pipe while the test waits for it.
  static func run(_ executable: URL, arguments: [String] = []) async throws -> ExampleProcess {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-examples-tests-\(UUID().uuidString)", isDirectory: true)
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
    let status = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { process in
        continuation.resume(returning: process.terminationStatus)
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    return ExampleProcess(
      status: status,
      standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
      standardError: try String(contentsOf: errorURL, encoding: .utf8))
  }
}
