import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltyURLSession
import Testing

@Suite("Flows: a payments backend of its own")
struct FlowsBackendTests {
  /// A payments server on 127.0.0.1 answering the set-PIN calls.
  static func paymentsServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request in
      let path = request.path
      if path.hasSuffix("/connect/token") {
        return .json(200, #"{"access_token": "pay-access", "expires_in": 300}"#)
      } else if path.contains("SendOtp") {
        return .json(
          200, #"{"otpExpirySeconds": 120, "resendAfterSeconds": 30, "attemptsLeft": 3}"#)
      } else if path.contains("VerifyOtp") || path.hasSuffix("/SetPin") {
        return .json(200, "{}")
      }
      return .json(404, #"{"message": "no route"}"#)
    }
  }

  /// The loyalty server on 127.0.0.1: answers every call with success.
  static func loyaltyServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { _ in .json(200, #"{"status": "1"}"#) }
  }

  static func start(loyalty: LoopbackHTTPServer, backend: FlowsBackend) async throws
    -> LoyaltyClient
  {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "flows-test-key", bundleID: "com.example.flows",
      environment: .custom(loyalty.baseURL), language: "en", preset: .testing)
    configuration.device.registersAtStart = false
    configuration.logging.level = .none
    configuration.network.requestTimeout = 60
    configuration.network.resourceTimeout = 120
    var flows = FlowsModule(
      serverKeyPEM: try FlowHarness.privateKey.publicKey.pemRepresentation(),
      clientID: "merchant", clientSecret: "client-secret-xyz")
    flows.backend = backend
    return try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(transport: .urlSession), flows])
  }

  @Test("the flows go to the payments server; the client's other calls to its own")
  func twoServers() async throws {
    let loyalty = try Self.loyaltyServer()
    defer { loyalty.stop() }
    let payments = try Self.paymentsServer()
    defer { payments.stop() }
    let client = try await Self.start(loyalty: loyalty, backend: .demo(payments.url("/cashbaba")))
    let run = try client.flows.setPIN(wToken: "wallet-token-1")
    try await run.start()
    try await run.requestCode()
    try await run.submitCode("123456")
    try await run.submitPIN("2580", confirmation: "2580")
    #expect(await run.outcome == .success(.pinSet))
    _ = try await client.network.send(
      Endpoint(name: "ping", method: .get, path: "/api/ping", check: .httpOnly))
    let paths = payments.requests.map(\.path)
    #expect(paths.first == "/cashbaba/v1/connect/token")
    #expect(paths.count == 4)
    #expect(paths.allSatisfy { $0.hasPrefix("/cashbaba/v1/") })
    #expect(loyalty.requests.map(\.path) == ["/api/ping"])
    // The platform's signature and device identifiers stay with the loyalty server.
    let flowHeaders = try #require(payments.requests.first?.headers)
    #expect(flowHeaders["loyalty-signature"] == nil)
    #expect(flowHeaders["unique-device-id"] == nil)
    #expect(flowHeaders["scope"] == "PinSet")
    #expect(loyalty.requests.first?.headers["loyalty-signature"] != nil)
    await client.shutdown()
  }

  @Test("the default backend is the client's own server")
  func clientBackend() async throws {
    let loyalty = try Self.paymentsServer()
    defer { loyalty.stop() }
    let client = try await Self.start(loyalty: loyalty, backend: .client)
    let run = try client.flows.setPIN(wToken: "wallet-token-1")
    try await run.start()
    #expect(loyalty.requests.map(\.path) == ["/v1/connect/token"])
    #expect(loyalty.requests.first?.headers["loyalty-signature"] != nil)
    await run.cancel()
    await client.shutdown()
  }

  @Test("a backend URL that is not http or https fails the start with invalidURL")
  func rejectsScheme() async throws {
    let loyalty = try Self.loyaltyServer()
    defer { loyalty.stop() }
    for url in ["ftp://127.0.0.1/", "file:///tmp/payments"] {
      let backend = FlowsBackend.live(try #require(URL(string: url)))
      await expectCode(.invalidURL) { try backend.validate() }
      do {
        _ = try await Self.start(loyalty: loyalty, backend: backend)
        Issue.record("\(url) was accepted")
      } catch {
        #expect("\(error)".contains("http or https"), "\(error)")
      }
    }
    #expect(FlowsBackend.client.baseURL == nil)
    #expect(try FlowsBackend.demo(#require(URL(string: "http://127.0.0.1:1"))).validate() == ())
  }
}
