import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

// The blocks of Docs/Apple.md that compile off Apple platforms; the SwiftUI view, the
// network path monitor and the notification delegate are Apple-only and marked so there.

private func appleClient(configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let client = try await LoyaltyClient.start(
    configuration,
    modules: [
      NetworkModule(transport: .urlSession), StoreModule(), SecurityModule(), MarketModule(),
    ])
  return client
}

@MainActor
private func observedModel(client: LoyaltyClient) async throws -> MarketModel {
  let model = await MarketModel(state: try client.market.state)
  return model
}
