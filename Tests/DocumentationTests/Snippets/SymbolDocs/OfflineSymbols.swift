import Foundation
import LoyaltyCore
import LoyaltyMarket

// The ```swift blocks of the doc comments of the offline cache and the lifecycle
// (LoyaltyCore's AppLifecycle, LoyaltyMarket's Answered).

// AppLifecycle
private func appLifecycle(client: LoyaltyClient) async throws {
  let lifecycle = try client.lifecycle
  await lifecycle.didBecomeActive()  // from the scene's sceneDidBecomeActive(_:)
  await lifecycle.networkPathChanged(isSatisfied: true)
  try await lifecycle.setLanguage("en")
}

// Answered
private func answered(market: Market) async throws {
  let coupons = try await market.coupons(policy: .networkFirst)
  if coupons.source == .cache {
    showOfflineBanner(asOf: coupons.answeredAt)
  }
}

private func showOfflineBanner(asOf date: Date) {
  _ = date
}
