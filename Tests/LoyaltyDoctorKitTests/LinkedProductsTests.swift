import Testing

@testable import LoyaltyDoctorKit

@Suite struct LinkedProductsTests {
  @Test func modulesAreInferredFromTheProducts() {
    let checks = LinkedProducts.checks([
      "App": ["LoyaltyURLSession", "LoyaltyNetwork", "LoyaltyCore", "LoyaltyMarket"],
      "Widget": [],
    ])
    #expect(checks.map(\.status) == [.ok])
    #expect(
      checks[0].message
        == "App links LoyaltyCore, LoyaltyMarket, LoyaltyNetwork, LoyaltyURLSession; "
        + "can start modules MarketModule, NetworkModule (inferred from the products)")
  }

  @Test func networkWithoutAnSDKTransportIsAWarning() {
    let checks = LinkedProducts.checks(["App": ["LoyaltyCore", "LoyaltyNetwork"]])
    #expect(checks.map(\.status) == [.warning])
  }

  @Test func noLoyaltyProductIsAWarning() {
    #expect(LinkedProducts.checks(["App": []]).map(\.status) == [.warning])
    #expect(LinkedProducts.checks(nil).map(\.status) == [.warning])
  }
}
