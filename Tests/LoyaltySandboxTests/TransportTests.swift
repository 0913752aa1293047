import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: the in-process transport")
struct TransportTests {
  @Test("gzip answers when asked, returned decompressed by the transport")
  func gzipResponses() async throws {
    let harness = SandboxHarness(gzipResponses: true)
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
      json: ["campaigns": ["action": "retrieve"]])
    let wire = try await harness.backend.respond(to: request)
    #expect(wire.headers["Content-Encoding"] == "gzip")
    #expect(Gzip.isCompressed(wire.body))
    let response = try await SandboxTransport(harness.backend).send(request)
    #expect(response.headers["Content-Encoding"] == nil)
    #expect(try JSONValue(parsing: response.body)["status"] == "1")
    _ = try await harness.client.send(TestEndpoints.campaigns())
  }

  @Test("a gzip request body is read; a corrupt one is 400")
  func gzipRequests() async throws {
    let harness = SandboxHarness()
    let json: JSONValue = ["events": [TestEndpoints.event("evt-z")]]
    var request = try harness.signed(
      .post, "/api/async/analytics/\(SandboxHarness.appUUID)/",
      headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"])
    request.body = try Gzip.compress(try json.jsonData())
    #expect(try await harness.raw(request).status == 200)
    request.body = Data("not gzip".utf8)
    #expect(try await harness.raw(request).status == 400)
  }

  @Test("a whole client runs on the sandbox through a capability override")
  func override() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: SandboxHarness.appUUID, merchantID: "merchant-7", apiKey: "test-api-key-0001",
      bundleID: "com.example.sandbox-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    configuration.logging.level = .none
    // Every request is counted: the device registration at start would be one more.
    configuration.device.registersAtStart = false
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(device: SandboxHarness.device)],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
    try await client.network.session.loginWithEmail("user1@sandbox.test")
    let profile = try await client.network.send(
      TestEndpoints.consumer("handle_user_details", ["process": "get"]))
    #expect(profile["result"]?["email"] == "user1@sandbox.test")
    await client.shutdown()
  }

  @Test("many concurrent calls on one backend")
  func concurrency() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<50 {
        group.addTask {
          if index.isMultiple(of: 2) {
            _ = try await harness.client.send(TestEndpoints.coupons())
          } else {
            _ = try await harness.client.send(TestEndpoints.campaigns())
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(harness.backend.counters.totalRequests == 51)
  }
}
