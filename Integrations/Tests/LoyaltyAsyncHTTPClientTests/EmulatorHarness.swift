import Foundation
import LoyaltyAsyncHTTPClient
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox

/// An emulator on an ephemeral port of 127.0.0.1 and an SDK client pointed at it, sending
/// with the AsyncHTTPClient transport.
struct EmulatorHarness {
  let server: EmulatorServer
  let port: Int
  let client: LoyaltyClient

  var backend: SandboxBackend { server.backend }
  var network: NetworkClient { get throws { try client.network } }
  var baseURL: URL { get throws { try url("http://\(EmulatorServer.host):\(port)") } }

  static func start(
    modules: [any LoyaltyModule] = [],
    adjust: @Sendable (inout LoyaltyConfiguration) -> Void = { _ in }
  ) async throws -> EmulatorHarness {
    let sandbox = SandboxConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-ahc",
      apiKey: "ahc-api-key", tokenLifetime: 3_600, maxClockSkew: 300, gzipResponses: true)
    let server = EmulatorServer(backend: SandboxBackend(configuration: sandbox))
    let port = try await server.start(port: 0)
    do {
      let base = try url("http://\(EmulatorServer.host):\(port)")
      var configuration = LoyaltyConfiguration(
        appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
        bundleID: "com.example.ahc-tests", environment: .custom(base), language: "en",
        preset: .production)
      configuration.logging.level = .none
      configuration.network.requestTimeout = 10
      adjust(&configuration)
      let client = try await LoyaltyClient.start(
        configuration,
        modules: [
          NetworkModule(
            transport: .asyncHTTPClient(),
            device: DeviceIdentity(
              deviceID: "ahc-device", platform: "linux", vendor: "linux", osVersion: "6.1.0"))
        ] + modules)
      return EmulatorHarness(server: server, port: port, client: client)
    } catch {
      await server.stop()
      throw error
    }
  }

  /// Runs `body` with a started harness, then shuts the client down and stops the
  /// server, whether `body` threw or not.
  static func with(
    modules: [any LoyaltyModule] = [],
    adjust: @Sendable (inout LoyaltyConfiguration) -> Void = { _ in },
    _ body: (EmulatorHarness) async throws -> Void
  ) async throws {
    let harness = try await start(modules: modules, adjust: adjust)
    do {
      try await body(harness)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  /// Shuts the client down and stops the server.
  func stop() async {
    await client.shutdown()
    await server.stop()
  }
}

/// A URL the test needed could not be made.
struct BadURL: Error {
  let text: String
}

/// The URL of `text`.
func url(_ text: String) throws -> URL {
  guard let url = URL(string: text) else { throw BadURL(text: text) }
  return url
}
