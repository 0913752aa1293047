import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

// The ```swift blocks of the doc comments in Sources/LoyaltySandbox.

// SandboxConfiguration
private func shortTokens(configuration: LoyaltyConfiguration) -> SandboxBackend {
  let backend = SandboxBackend(
    configuration: SandboxConfiguration(
      appUUID: configuration.appUUID, merchantID: configuration.merchantID,
      apiKey: configuration.apiKey, tokenLifetime: 2))
  return backend
}

// SandboxTransport
private func sandboxedClient(configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule()],
    overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
  return client
}

// SandboxBackend+Faults
private func scriptedFaults(backend: SandboxBackend) {
  backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
  backend.failNext(with: .rateLimited(retryAfter: 1))
  backend.failNext(with: .dropConnection, on: .pathPrefix("/oauth/"))
}

// SandboxFixtures
private func largeFixtures() -> SandboxBackend {
  let backend = SandboxBackend(
    fixtures: SandboxFixtures(seed: 7, campaigns: 10_000, merchants: 5_000))
  return backend
}

// SandboxOffers
private func withoutOptionalCalls() throws -> SandboxConfiguration {
  var configuration = SandboxConfiguration()
  configuration.offers = .all.subtracting([.pointsOfInterest, .flows])
  // or, from a command line's `--without poi,flows`:
  configuration.offers = .all.subtracting(try SandboxOffers(names: "poi,flows"))
  return configuration
}

// SandboxBackend
private func failingCampaigns(configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule()],
    overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
  backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
  return client
}

@Suite("Documentation: the sandbox's doc-comment blocks run")
struct SandboxSymbolDocTests {
  @Test("the offers parsed from names are the offers named")
  func offers() throws {
    let configuration = try withoutOptionalCalls()
    #expect(!configuration.offers.contains(.flows))
  }

  @Test("the transport doc's client logs in against the sandbox")
  func transport() async throws {
    let client = try await sandboxedClient(configuration: SnippetSandbox.configuration)
    try await client.network.session.loginWithEmail("user1@sandbox.test")
    await client.shutdown()
  }
}
