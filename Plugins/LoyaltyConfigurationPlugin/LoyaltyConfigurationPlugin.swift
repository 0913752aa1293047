import Foundation
import PackagePlugin

/// A build-tool plugin for host targets that hold a `loyalty.json`: validates it at build
/// time with LoyaltyCore's own rules and generates `LoyaltyConfiguration.bundled()`.
///
/// The environment variables `LOYALTY_ENVIRONMENT` (picks `loyalty.<environment>.json`)
/// and `LOYALTY_API_KEY` (replaces an `apiKey` of `"$LOYALTY_API_KEY"`) are read when the
/// build is planned and handed to the tool. Docs/Plugins.md describes it.
@main
struct LoyaltyConfigurationPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let target = target as? any SourceModuleTarget else {
      return []
    }
    let inputs = target.sourceFiles
      .map(\.url)
      .filter { url in
        let name = url.lastPathComponent
        return name.hasPrefix("loyalty") && name.hasSuffix(".json")
      }
      .sorted { $0.path < $1.path }
    guard !inputs.isEmpty else {
      Diagnostics.warning(
        "LoyaltyConfigurationPlugin is applied to \(target.name), which holds no loyalty.json.")
      return []
    }
    let processEnvironment = ProcessInfo.processInfo.environment
    let environment = processEnvironment["LOYALTY_ENVIRONMENT"] ?? ""
    let output = context.pluginWorkDirectoryURL
      .appendingPathComponent("LoyaltyConfiguration+Bundled.swift")
    var arguments = ["--output", output.path]
    if !environment.isEmpty {
      arguments += ["--environment", environment]
    }
    return [
      .buildCommand(
        displayName: "Validating the Loyalty configuration of \(target.name)",
        executable: try context.tool(named: "LoyaltyConfigurationTool").url,
        arguments: arguments + inputs.map(\.path),
        environment: processEnvironment["LOYALTY_API_KEY"].map { ["LOYALTY_API_KEY": $0] } ?? [:],
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
