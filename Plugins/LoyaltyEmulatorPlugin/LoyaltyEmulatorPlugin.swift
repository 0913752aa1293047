import Foundation
import PackagePlugin

/// `swift package loyalty-emulator [--port N] [--seed N] [--faults none|flaky|slow] ...`:
/// builds and starts the loyalty emulator, the SDK's sandbox backend served over HTTP on
/// 127.0.0.1, with every argument passed through.
///
/// The emulator is the SDK's nested `Emulator` package (it depends on Hummingbird, which
/// the SDK's own manifest never does), so the plugin runs
/// `swift run --package-path <SDK>/Emulator loyalty-emulator <arguments>` and streams its
/// output. In a host, the build goes to the plugin's work directory; in the SDK itself, to
/// `Emulator/.build`; `--scratch-path DIR`, the plugin's own option, names another (one the
/// emulator was already built in). Ctrl-C stops it: the terminal sends SIGINT to the
/// emulator too, and the plugin forwards SIGINT and SIGTERM it receives itself.
@main
struct LoyaltyEmulatorPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    guard let sdk = Self.sdkPackage(from: context.package) else {
      throw EmulatorFailure.sdkNotFound
    }
    let emulator = sdk.directoryURL.appendingPathComponent("Emulator")
    var swiftArguments = ["run", "--package-path", emulator.path]
    var passed = arguments
    if let option = passed.firstIndex(of: "--scratch-path") {
      guard option + 1 < passed.count else { throw EmulatorFailure.missingScratchPath }
      swiftArguments += ["--scratch-path", passed[option + 1]]
      passed.removeSubrange(option...(option + 1))
    } else if sdk.id != context.package.id {
      let scratch = context.pluginWorkDirectoryURL.appendingPathComponent("emulator-build")
      swiftArguments += ["--scratch-path", scratch.path]
    }
    swiftArguments += ["loyalty-emulator"] + passed

    let process = Process()
    if let swift = try? context.tool(named: "swift") {
      process.executableURL = swift.url
      process.arguments = swiftArguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swift"] + swiftArguments
    }
    let forwarding = SignalForwarding(to: process)
    try process.run()
    process.waitUntilExit()
    forwarding.cancel()
    if process.terminationReason == .exit && process.terminationStatus != 0 {
      throw EmulatorFailure.exited(process.terminationStatus)
    }
  }

  /// The SDK package: the package itself or the direct dependency that declares
  /// `LoyaltyCore`. (Plugin products are not among a package's products here.)
  private static func sdkPackage(from package: Package) -> Package? {
    let candidates = [package] + package.dependencies.map(\.package)
    return candidates.first { $0.products.contains { $0.name == "LoyaltyCore" } }
  }
}
