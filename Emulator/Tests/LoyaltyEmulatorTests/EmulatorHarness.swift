import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyURLSession
import Synchronization

/// An emulator on an ephemeral port of 127.0.0.1 and an SDK client pointed at it, with
/// the real URLSession transport.
struct EmulatorHarness {
  let server: EmulatorServer
  let port: Int
  let client: LoyaltyClient
  let log: LogLines

  var backend: SandboxBackend { server.backend }
  var network: NetworkClient { get throws { try client.network } }

  static func start(
    tokenLifetime: TimeInterval = 3_600,
    profile: SandboxFaultProfile = .none,
    console: ConsoleSetup? = nil,
    modules: [any LoyaltyModule] = [],
    adjust: @Sendable (inout LoyaltyConfiguration) -> Void = { _ in }
  ) async throws -> EmulatorHarness {
    let clock = OffsetClock()
    let sandbox = SandboxConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-e2e",
      apiKey: "e2e-api-key", tokenLifetime: tokenLifetime, maxClockSkew: 300,
      gzipResponses: true, clock: clock)
    let backend = SandboxBackend(configuration: sandbox, faultProfile: profile)
    let log = LogLines()
    let server = EmulatorServer(
      backend: backend,
      console: console.map {
        EmulatorConsole(
          backend: backend, clock: clock, token: $0.token, logLimit: $0.logLimit,
          ledger: $0.ledger ? EmulatorLedger() : nil)
      }
    ) { line in log.append(line) }
    let port = try await server.start(port: 0)
    do {
      let url = try require(URL(string: "http://\(EmulatorServer.host):\(port)"))
      var configuration = LoyaltyConfiguration(
        appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
        bundleID: "com.example.emulator-tests", environment: .custom(url), language: "en",
        preset: .production)
      configuration.logging.level = .none
      configuration.network.requestTimeout = 10
      adjust(&configuration)
      let client = try await LoyaltyClient.start(
        configuration,
        modules: [
          NetworkModule(
            transport: .urlSession,
            middleware: [GzipBodyMiddleware()],
            device: DeviceIdentity(
              deviceID: "e2e-device", platform: "linux", vendor: "linux", osVersion: "6.1.0"))
        ] + modules)
      return EmulatorHarness(server: server, port: port, client: client, log: log)
    } catch {
      await server.stop()
      throw error
    }
  }

  /// Shuts the client down and stops the server.
  func stop() async {
    await client.shutdown()
    await server.stop()
  }
}

/// How a harness's console is set up.
struct ConsoleSetup: Sendable {
  var token: String?
  var logLimit = 1_000
  /// Whether the emulator keeps its ledger (`--ledger`).
  var ledger = false
}

/// The request log lines a server wrote.
final class LogLines: Sendable {
  private let lines = Mutex<[RequestLogLine]>([])

  func append(_ line: RequestLogLine) { lines.withLock { $0.append(line) } }
  /// The lines as the server writes them.
  var all: [String] { lines.withLock { $0.map(\.description) } }
  /// The lines, each with its method, path, call and status.
  var entries: [RequestLogLine] { lines.withLock { $0 } }
}

/// A value the harness needed was missing.
struct MissingValue: Error {}

private func require<T>(_ value: T?) throws -> T {
  guard let value else { throw MissingValue() }
  return value
}
