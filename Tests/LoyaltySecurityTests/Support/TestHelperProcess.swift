import Foundation

/// Finds and runs the `LoyaltyTestHelper` executable SwiftPM builds beside the tests.
enum TestHelperProcess {
  static let name = "LoyaltyTestHelper"

  /// The helper binary: next to the test bundle's executable, or in a directory above
  /// or beside it (an `.xctest` bundle on Apple platforms nests its executable).
  static func locate() -> URL? {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["LOYALTY_TEST_HELPER"],
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
  struct Running {
    let process: Process
    let output: Pipe
    let error: Pipe

    /// Waits for the process and returns its exit status and its output as text.
    func finish() -> (status: Int32, output: String, error: String) {
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
  static func start(_ helper: URL, _ arguments: [String]) throws -> Running {
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
}
