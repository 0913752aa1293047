import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("NetworkModule")
struct NetworkModuleTests {
  @Test("registers the URLSession transport; an override replaces it")
  func registersTransport() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)
    let client = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
    #expect(try client.resolve(.httpTransport) is URLSessionTransport)
    await client.shutdown()

    let scripted = InMemoryHTTPTransport { _ in HTTPResponse(status: 204) }
    let overridden = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: scripted))
    #expect(try overridden.resolve(.httpTransport) is InMemoryHTTPTransport)
    await overridden.shutdown()
  }
}
