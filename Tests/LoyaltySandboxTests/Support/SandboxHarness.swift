import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport

/// A sandbox and a real `NetworkClient` over `SandboxTransport`, sharing one test clock.
struct SandboxHarness {
  static let appUUID = "0123456789abcdef0123456789abcdef"

  let clock: InstantClock
  let backend: SandboxBackend
  let client: NetworkClient
  let tokens: any TokenStore
  let configuration: LoyaltyConfiguration

  init(
    fixtures: SandboxFixtures = SandboxFixtures(),
    tokenLifetime: TimeInterval = 3_600,
    gzipResponses: Bool = false,
    profile: SandboxFaultProfile = .none,
    adjust: (inout LoyaltyConfiguration, inout SandboxConfiguration) -> Void = { _, _ in }
  ) {
    let clock = InstantClock(realSleepsFrom: 25)
    var configuration = LoyaltyConfiguration(
      appUUID: Self.appUUID, merchantID: "merchant-7", apiKey: "test-api-key-0001",
      bundleID: "com.example.sandbox-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .production)
    configuration.logging.level = .none
    configuration.token.refreshThreshold = 60
    var sandbox = SandboxConfiguration(matching: configuration, clock: clock)
    sandbox.tokenLifetime = tokenLifetime
    sandbox.gzipResponses = gzipResponses
    adjust(&configuration, &sandbox)
    let backend = SandboxBackend(configuration: sandbox, fixtures: fixtures, faultProfile: profile)
    let tokens = InMemoryTokenStore()
    self.clock = clock
    self.backend = backend
    self.tokens = tokens
    self.configuration = configuration
    self.client = NetworkClient(
      configuration: configuration, transport: SandboxTransport(backend), tokenStore: tokens,
      signer: PortableRequestSigner(), clock: clock, device: Self.device, events: nil,
      logger: .disabled, middleware: [GzipBodyMiddleware()])
  }

  static let device = DeviceIdentity(
    deviceID: "device-1", platform: "linux", vendor: "linux", osVersion: "6.1.0")

  /// Logs fixture user 1 in by email.
  func login(_ index: Int = 1) async throws {
    try await client.session.loginWithEmail(SandboxFixtures.userEmail(index))
  }

  /// A signed request, as the SDK's standard headers middleware builds it.
  func signed(
    _ method: HTTPMethod, _ path: String, json: JSONValue? = nil,
    headers: HTTPHeaders = [:]
  ) throws -> HTTPRequest {
    let url = URL(string: "https://loyalty.test\(path)") ?? URL(fileURLWithPath: "/")
    var request = HTTPRequest(
      method: method, url: url, headers: headers, body: try json?.jsonData())
    if json != nil {
      request.headers.add(name: "Content-Type", value: "application/json")
    }
    return try StandardHeadersMiddleware(
      configuration: configuration, signer: PortableRequestSigner(), clock: clock,
      device: Self.device
    ).signed(request)
  }

  /// Sends a raw request through the transport, without the client's middleware.
  func raw(_ request: HTTPRequest) async throws -> (status: Int, body: JSONValue?) {
    let response = try await SandboxTransport(backend).send(request)
    return (response.status, try? JSONValue(parsing: response.body))
  }
}
