import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// No call repeated for nothing: minimum intervals, single flight, what makes an answer
/// stale, stale-while-revalidate and the lifecycle's refreshes.
@Suite("Cache intervals, single flight and refreshes")
struct CacheIntervalTests {
  @Test("Cache: a second read within the minimum interval sends nothing")
  func cacheWithinInterval() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let first = try await market.coupons(policy: .networkFirst)
    let second = try await market.coupons(policy: .networkFirst)
    #expect(first.source == .network)
    #expect(second.source == .cache)
    #expect(harness.transport.count("user_coupons") == 1)
    await harness.client.shutdown()
  }

  @Test("Cache: one second before the interval ends, from the cache; at its end, the network")
  func cacheIntervalBoundary() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 100]), clock: clock)
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    clock.advance(by: 99)
    #expect(try await market.coupons(policy: .networkFirst).source == .cache)
    #expect(harness.transport.count("user_coupons") == 1)
    clock.advance(by: 1)
    #expect(try await market.coupons(policy: .networkFirst).source == .network)
    #expect(harness.transport.count("user_coupons") == 2)
    await harness.client.shutdown()
  }

  @Test("Cache: an interval of 0 asks the network on every read")
  func cacheIntervalZero() async throws {
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 0]))
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    _ = try await market.coupons()
    #expect(harness.transport.count("user_coupons") == 2)
    await harness.client.shutdown()
  }

  @Test("Cache: a device clock set back makes the answer stale, not fresh for ever")
  func cacheClockSetBack() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(clock: clock)
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    clock.advance(by: -86_400)
    #expect(try await market.coupons(policy: .networkFirst).source == .network)
    await harness.client.shutdown()
  }

  @Test("Cache: the network only ignores the interval")
  func cacheNetworkOnlyIgnoresInterval() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    #expect(try await market.coupons(policy: .networkOnly).source == .network)
    #expect(harness.transport.count("user_coupons") == 2)
    await harness.client.shutdown()
  }

  @Test("Cache: 200 concurrent identical reads send one request")
  func cacheSingleFlight() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    // Those that come while the call is in flight join it; those that come after it find
    // its answer fresh: one request, whatever the scheduling.
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<200 {
        group.addTask { try await market.coupons(policy: .networkFirst).value.count }
      }
      var counts: Set<Int> = []
      for try await count in group { counts.insert(count) }
      return counts
    }
    #expect(counts.count == 1)
    #expect(harness.transport.count("user_coupons") == 1)
    // Reads in different languages are different answers: two requests.
    async let english = market.coupons(language: "en", policy: .networkOnly)
    async let greek = market.coupons(language: "el", policy: .networkOnly)
    _ = try await (english, greek)
    #expect(harness.transport.count("user_coupons") == 3)
    await harness.client.shutdown()
  }

  @Test("Cache: a redemption makes the coupons and points stale at once")
  func cacheRedemptionInvalidates() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let coupons = try await market.coupons()
    let points = try await market.profile()
    let coupon = try #require(
      coupons.first { candidate in
        candidate.isActive && !(candidate.couponSet?.shopAvailability.isEmpty ?? true)
          && (candidate.couponSet?.pointsIfSent ?? .max) <= (points.pointsIfSent ?? 0)
      })
    _ = try await market.redeemCoupon(
      productID: coupon.code, productUUID: coupon.couponSetUUID,
      merchantID: try #require(coupon.couponSet?.shopAvailability.first))
    let after = try await market.coupons()
    #expect(harness.transport.count("user_coupons") == 2)
    #expect(after.first { $0.code == coupon.code }?.isRedeemed == true)
    #expect(try await market.profile(policy: .networkFirst).source == .network)
    await harness.client.shutdown()
  }

  @Test("Cache: stale-while-revalidate answers from the cache at once and refreshes behind")
  func cacheStaleWhileRevalidate() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(clock: clock)
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    let changes = await market.state.changes()
    clock.advance(by: 3_600)
    let answer = try await market.coupons(policy: .staleWhileRevalidate)
    #expect(answer.source == .cache)
    await market.waitForRevalidations()
    #expect(harness.transport.count("user_coupons") == 2)
    var seen: [MarketState.Change] = []
    for await change in changes {
      seen.append(change)
      if seen.count == 2 { break }
    }
    #expect(seen == [.coupons, .coupons])
    await harness.client.shutdown()
  }

  @Test("Cache: stale-while-revalidate within the interval sends nothing behind")
  func cacheStaleWhileRevalidateFresh() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    #expect(try await market.coupons(policy: .staleWhileRevalidate).source == .cache)
    await market.waitForRevalidations()
    #expect(harness.transport.count("user_coupons") == 1)
    await harness.client.shutdown()
  }

  @Test("Cache: stale-while-revalidate with nothing cached waits for the network")
  func cacheStaleWhileRevalidateEmpty() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    #expect(try await market.coupons(policy: .staleWhileRevalidate).source == .network)
    await harness.client.shutdown()
  }

  @Test("Cache: the app becoming active refreshes what is stale, and only that")
  func cacheBecameActiveRefreshesStale() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 60, "points": 600]), clock: clock)
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    _ = try await market.pointsHistory()
    let lifecycle = try harness.client.lifecycle
    await lifecycle.didBecomeActive()
    #expect(harness.transport.count("user_coupons") == 1)
    clock.advance(by: 60)
    await lifecycle.didBecomeActive()
    #expect(harness.transport.count("user_coupons") == 2)
    #expect(harness.transport.count("get_points_history") == 1)
    await harness.client.shutdown()
  }

  @Test("Cache: the configured policy is what a read without one uses")
  func cacheConfiguredPolicy() async throws {
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(policy: .networkOnly))
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    _ = try await market.coupons()
    #expect(harness.transport.count("user_coupons") == 2)
    await harness.client.shutdown()
  }
}
