import Foundation
import PackagePlugin

/// `swift package lint-format`: runs `swift format lint --strict` over the package's
/// Swift sources, the same check CI runs.
@main
struct LintFormat: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "swift-format")
    let root = context.package.directoryURL
    let folders = ["Sources", "Tests", "Examples", "Plugins"]
      .map { root.appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
    let process = Process()
    process.executableURL = tool.url
    process.arguments =
      ["lint", "--strict", "--recursive", root.appendingPathComponent("Package.swift").path]
      + folders.map(\.path) + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw LintFailure(status: process.terminationStatus)
    }
  }
}

/// swift format reported problems.
struct LintFailure: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "swift format lint found problems (exit status \(status))" }
}
