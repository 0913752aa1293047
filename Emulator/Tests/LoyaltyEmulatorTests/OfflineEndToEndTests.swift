import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// The offline cache over real HTTP: the emulator's `ETag` and `304` for the single
/// campaign, and the answers kept when the server is gone.
@Suite("Emulator: the offline cache over real HTTP on 127.0.0.1")
struct OfflineEndToEndTests {
  @Test("Cache: the single campaign is revalidated with If-None-Match, and a 304 reuses it")
  func cacheNotModifiedOverHTTP() async throws {
    let harness = try await EmulatorHarness.start(modules: [MarketModule()])
    do {
      let market = try harness.client.market
      let campaign = try #require(try await market.campaigns().first)
      let first = try await market.singleCampaign(
        sessionUUID: campaign.sessionUUID, policy: .networkOnly)
      let again = try await market.singleCampaign(
        sessionUUID: campaign.sessionUUID, policy: .networkOnly)
      #expect(first.source == .network)
      #expect(again.source == .revalidated)
      #expect(again.value == first.value)
      let statuses = harness.log.entries.filter { $0.endpoint == .singleCampaign }
        .compactMap(\.status)
      #expect(statuses == [200, 304])
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("Offline: the server gone, the coupons read before come from the cache")
  func offlineServerGone() async throws {
    let harness = try await EmulatorHarness.start(modules: [MarketModule()]) {
      $0.cache.minimumIntervals["coupons"] = 0
      $0.network.maxRetryAttempts = 1
    }
    do {
      let market = try harness.client.market
      try await harness.client.network.session.loginWithEmail("user1@sandbox.test")
      let online = try await market.coupons(policy: .networkFirst)
      #expect(online.source == .network)
      await harness.server.stop()
      let offline = try await market.coupons(policy: .networkFirst)
      #expect(offline.source == .cache)
      #expect(offline.value.map(\.code) == online.value.map(\.code))
      #expect(offline.answeredAt == online.answeredAt)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }
}
