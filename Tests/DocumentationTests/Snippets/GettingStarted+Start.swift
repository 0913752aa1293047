import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyURLSession

func showCampaigns(configuration: LoyaltyConfiguration) async throws {
  let client = try await LoyaltyClient.start(
    configuration,
    modules: [MarketModule(), NetworkModule(transport: .urlSession), EventsModule()])

  let campaigns = try await client.market.campaigns()
  print("\(campaigns.count) campaigns")

  await client.shutdown()
}
