import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Testing

@Suite("MarketModule")
struct MarketModuleTests {
  let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)

  @Test("without a transport, start fails naming NetworkModule")
  func missingNetwork() async throws {
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await LoyaltyClient.start(configuration, modules: [MarketModule()])
    }
    #expect(error.code == .missingRequirement)
    #expect(
      error.message.hasPrefix("LoyaltyMarket requires a network client: add NetworkModule()"))
  }

  @Test("starts after the network module whatever the listing order")
  func startsAfterNetwork() async throws {
    let client = try await LoyaltyClient.start(
      configuration, modules: [MarketModule(), NetworkModule()])
    #expect(client.modules.map(\.identifier.name) == ["NetworkModule", "MarketModule"])
    await client.shutdown()
  }
}
