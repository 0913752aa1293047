import Foundation
import Logging
import LoyaltyAsyncHTTPClient
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyLogging
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox

/// One tenant of the server: its own loyalty backend (here an emulator on 127.0.0.1) and
/// its own SDK client, on the process's shared `HTTPClient`, logging through swift-log.
struct Tenant: Sendable {
  /// The tenant's name, as it appears in the server's paths.
  let name: String
  /// The tenant's SDK client, logged in.
  let client: LoyaltyClient
  /// The tenant's backend.
  let backend: EmulatorServer

  /// Starts the tenant's backend and its client, and logs the client in.
  static func start(_ name: String, logLevel: Logger.Level) async throws -> Tenant {
    // An app UUID of the tenant's own: its name's bytes in hexadecimal, padded to 32.
    let hex = name.utf8.prefix(16).map { String($0, radix: 16) }.joined()
    let sandbox = SandboxConfiguration(
      appUUID: hex + String(repeating: "0", count: 32 - hex.count),
      merchantID: "merchant-\(name)",
      apiKey: "\(name)-api-key-0001")
    let backend = EmulatorServer(backend: SandboxBackend(configuration: sandbox))
    let port = try await backend.start(port: 0)
    do {
      var logger = Logger(label: "loyalty.\(name)")
      logger.logLevel = logLevel
      guard let url = URL(string: "http://\(EmulatorServer.host):\(port)") else {
        throw TenantServerError("no URL for port \(port)")
      }
      var configuration = LoyaltyConfiguration(
        appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
        bundleID: "com.example.tenant-server", environment: .custom(url), language: "en",
        preset: .production)
      configuration.logging.level = SwiftLogHandler.level(for: logger)
      var overrides = CapabilityOverrides()
      overrides.override(.logHandler, with: SwiftLogHandler(logger: logger))
      let client = try await LoyaltyClient.start(
        configuration,
        modules: [NetworkModule(transport: .asyncHTTPClient()), MarketModule()],
        overrides: overrides)
      try await client.network.session.loginWithEmail("operations@\(name).example")
      return Tenant(name: name, client: client, backend: backend)
    } catch {
      await backend.stop()
      throw error
    }
  }

  /// The titles of the tenant's campaigns, fetched from its backend.
  func campaignTitles() async throws -> [String] {
    try await client.market.campaigns().map(\.title)
  }

  /// Shuts the client down, then the backend.
  func stop() async {
    await client.shutdown()
    await backend.stop()
  }
}
