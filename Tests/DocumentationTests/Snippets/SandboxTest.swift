import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Test func redeemingSpendsPoints() async throws {
  let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-1",
    apiKey: "test-key", bundleID: "com.example.app",
    environment: .custom(URL(string: "https://sandbox.invalid")!), preset: .testing)

  // The sandbox accepts requests signed with the client's app UUID, merchant and key.
  let backend = SandboxBackend(
    configuration: SandboxConfiguration(matching: configuration),
    fixtures: SandboxFixtures(seed: 42, campaigns: 50, merchants: 200))

  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule()],
    overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
  defer { Task { await client.shutdown() } }

  try await client.network.session.loginWithEmail("user1@sandbox.test")
  // ... exercise your code ...
  #expect(backend.counters.logins == 1)
}
