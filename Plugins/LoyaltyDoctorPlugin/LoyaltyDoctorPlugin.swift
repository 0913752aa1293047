import Foundation
import PackagePlugin

/// `swift package loyalty-doctor`: runs the LoyaltyDoctor tool over the package it is
/// invoked in, and fails when the tool reports an error.
///
/// The plugin adds what only the manifest knows: the package's directory, its target
/// directories (where `loyalty.json` is looked for) and, for each target, the Loyalty
/// products it depends on directly. The user's flags (`--config`, `--base-url`,
/// `--timeout`) pass through.
@main
struct LoyaltyDoctorPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "LoyaltyDoctor")
    let package = context.package
    var toolArguments = arguments + ["--package-dir", package.directoryURL.path]
    for target in package.targets.compactMap({ $0 as? SourceModuleTarget })
    where target.kind != .test {
      if let directory = Self.commonDirectory(of: target.sourceFiles.map(\.url)) {
        toolArguments += ["--search-dir", directory.path]
      }
    }
    for (target, products) in SDKLinks(package: package).byTarget {
      toolArguments += ["--links", "\(target)=\(products.joined(separator: ","))"]
    }

    let process = Process()
    process.executableURL = tool.url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      Diagnostics.error("loyalty-doctor: something above would fail at run time")
      throw DoctorFailure(status: process.terminationStatus)
    }
  }

  /// The deepest directory holding all of `files`: the target's directory, or a folder
  /// in it. (`Target.directoryURL` needs tools version 6.1; this manifest is 6.0.)
  static func commonDirectory(of files: [URL]) -> URL? {
    let folders = files.map { $0.deletingLastPathComponent().standardizedFileURL.pathComponents }
    guard var common = folders.first else { return nil }
    for components in folders.dropFirst() {
      common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
    }
    guard common.count > 1 else { return nil }
    return URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
  }
}

/// The doctor's tool exited with a non-zero status.
struct DoctorFailure: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "loyalty-doctor exited with status \(status)" }
}
