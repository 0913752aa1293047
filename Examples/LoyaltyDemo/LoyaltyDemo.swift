import Foundation
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyEvents
import LoyaltyFlows
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

/// `swift run loyalty-demo`: a user's day with every module of the SDK, on the
/// in-process sandbox (or a real server with `--base-url`).
@main
struct LoyaltyDemo {
  static func main() async {
    do {
      guard let options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(DemoOptions.usage)
        return
      }
      try await run(options)
    } catch let error as LoyaltyError {
      FileHandle.standardError.write(Data("loyalty-demo: \(error)\n".utf8))
      if let suggestion = error.recoverySuggestion {
        FileHandle.standardError.write(Data("  \(suggestion)\n".utf8))
      }
      exit(1)
    } catch {
      FileHandle.standardError.write(Data("loyalty-demo: \(error)\n\n\(DemoOptions.usage)\n".utf8))
      exit(1)
    }
  }

  static func run(_ options: DemoOptions) async throws {
    var report = DemoReport()
    // The sandbox's (and the emulator's) default app, merchant and key.
    let sandboxDefaults = SandboxConfiguration()
    var configuration = LoyaltyConfiguration(
      appUUID: sandboxDefaults.appUUID,
      merchantID: sandboxDefaults.merchantID,
      apiKey: sandboxDefaults.apiKey,
      bundleID: "com.example.loyalty-demo",
      environment: .custom(
        options.baseURL ?? URL(string: "https://sandbox.loyalty.invalid")
          ?? URL(fileURLWithPath: "/")),
      language: "en",
      preset: .production)
    configuration.logging.level = .error
    configuration.database.directory = options.dataDirectory?.path

    var overrides = CapabilityOverrides()
    if options.offline {
      try await runOffline(configuration: configuration, options: options, report: &report)
      return
    }
    let backend: SandboxBackend?
    if options.baseURL == nil {
      var sandboxConfiguration = SandboxConfiguration(matching: configuration)
      sandboxConfiguration.offers = .all.subtracting(options.without)
      sandboxConfiguration.envelope = options.envelope
      sandboxConfiguration.listForm = options.lists
      sandboxConfiguration.objectForm = options.objects
      sandboxConfiguration.unofferedAnswer = options.unoffered
      let sandbox = SandboxBackend(
        configuration: sandboxConfiguration,
        fixtures: SandboxFixtures(
          seed: 2_026, campaigns: 120, personalizedCampaigns: 12, couponSets: 30, merchants: 80,
          users: 3))
      // The merchant directory's snapshot (the emulator publishes one at start).
      sandbox.publishDirectorySnapshot(
        try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 40)),
        schemaVersion: DirectorySchema.currentVersion)
      overrides.override(.httpTransport, with: SandboxTransport(sandbox))
      backend = sandbox
    } else {
      backend = nil
    }

    // Listed out of order on purpose: the registry starts providers first.
    let persistent = options.dataDirectory != nil
    // The directory's snapshots go beside the database with --data-dir, else into a
    // temporary folder removed at the end.
    let directoryFolder =
      options.dataDirectory?.appendingPathComponent("directory", isDirectory: true)
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "loyalty-demo-directory-\(UUID().uuidString)", isDirectory: true)
    defer {
      if !persistent { try? FileManager.default.removeItem(at: directoryFolder) }
    }
    let modules: [any LoyaltyModule] = [
      MarketModule(),
      PushModule(),
      EventsModule(analytics: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0)),
      StoreModule(location: persistent ? .file : .inMemory),
      SecurityModule(keyStore: persistent ? .file : .inMemory),
      NetworkModule(transport: .urlSession),
      LocationModule(),
      // The flows encrypt PINs with the server's RSA key; the sandbox cannot decrypt, so
      // any key stands in for it.
      FlowsModule(
        serverKeyPEM: try RSAPrivateKey.generate(bitCount: 2_048).publicKey.pemRepresentation(),
        clientID: "demo-merchant", clientSecret: "demo-secret"),
      DirectoryModule(configuration: DirectoryConfiguration(folder: directoryFolder)),
    ]
    let client = try await report.step("start \(modules.count) modules") {
      try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
    }
    let tour = DemoTour(client: client, backend: backend, options: options)
    do {
      try await tour.run(&report)
    } catch {
      await client.shutdown()
      throw error
    }
    await report.step("shut down") { await client.shutdown() }
    report.printSummary()
  }

  /// `--offline`: a client on the data directory of an earlier run, with a transport that
  /// fails every call as with no connection.
  static func runOffline(
    configuration: LoyaltyConfiguration, options: DemoOptions, report: inout DemoReport
  ) async throws {
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: OfflineTransport())
    let modules: [any LoyaltyModule] = [
      MarketModule(), PushModule(),
      EventsModule(analytics: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0)),
      StoreModule(location: .file), SecurityModule(keyStore: .file),
      NetworkModule(transport: .urlSession),
    ]
    let client = try await report.step("start offline") {
      try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
    }
    do {
      try await OfflineTour(client: client, options: options).run(&report)
    } catch {
      await client.shutdown()
      throw error
    }
    await report.step("shut down") { await client.shutdown() }
    report.printSummary()
  }
}
