import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// The read policies against the sandbox, with the network cut and restored.
@Suite("Offline reads: policies, fallbacks and what each answer says of itself")
struct OfflineReadTests {
  @Test("Offline: coupons read online come back from the cache when the network is cut")
  func offlineCouponsFromCache() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let online = try await market.coupons(policy: .networkOnly)
    #expect(online.source == .network)
    #expect(!online.value.isEmpty)

    harness.transport.mode = .offline
    let offline = try await market.coupons(policy: .networkFirst)
    #expect(offline.source == .cache)
    #expect(offline.isFromCache)
    #expect(offline.value.map(\.code) == online.value.map(\.code))
    #expect(offline.answeredAt == online.answeredAt)
    // From the cache, a coupon past its expiration on the server's clock is not active;
    // the network's answer is the server's word.
    let now = try harness.client.network.serverClock.now
    #expect(
      Set(await market.state.activeCoupons.map(\.code))
        == Set(offline.value.filter { $0.isActive }.map(\.code)))
    #expect(
      Set(offline.value.filter(\.isActive).map(\.code))
        == Set(online.value.filter { $0.isActive && !$0.isExpired(at: now) }.map(\.code)))
    await harness.client.shutdown()
  }

  @Test("Offline: the cache only, with nothing cached, fails with notCached and sends nothing")
  func offlineCacheOnlyEmpty() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let before = harness.transport.requests.count
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .cacheOnly)
    }
    #expect(error.code == .notCached)
    #expect(harness.transport.requests.count == before)
    await harness.client.shutdown()
  }

  @Test("Offline: the network only never falls back to the cache")
  func offlineNetworkOnlyFails() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons(policy: .networkOnly)
    harness.transport.mode = .offline
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .networkOnly)
    }
    #expect(error.code == .notConnected)
    await harness.client.shutdown()
  }

  @Test("Offline: a server error (5xx) falls back to the cache; a refusal (4xx) does not")
  func offlineFallbackOnServerErrorsOnly() async throws {
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 0]))
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    harness.transport.mode = .status(503)
    #expect(try await market.coupons(policy: .networkFirst).source == .cache)
    harness.transport.mode = .status(500)
    #expect(try await market.coupons(policy: .networkFirst).source == .cache)
    harness.transport.mode = .status(400)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .networkFirst)
    }
    #expect(error.code == .httpStatus)
    harness.transport.mode = .status(499)
    await #expect(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .networkFirst)
    }
    await harness.client.shutdown()
  }

  @Test("Offline: nothing cached and no network is the network's error, not notCached")
  func offlineNothingCachedKeepsNetworkError() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    harness.transport.mode = .offline
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .networkFirst)
    }
    #expect(error.code == .notConnected)
    await harness.client.shutdown()
  }

  @Test("Offline: campaigns, points, profile, market pass, cards and merchants from the cache")
  func offlineEveryKindFromCache() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let campaigns = try await market.campaigns(policy: .networkOnly)
    let points = try await market.pointsHistory(policy: .networkOnly)
    let profile = try await market.profile(policy: .networkOnly)
    let pass = try await market.marketPassDetails(policy: .networkOnly)
    let cards = try await market.cards(policy: .networkOnly)
    let merchants = try await market.merchants(policy: .networkOnly)
    let sets = try await market.couponSets(policy: .networkOnly)

    harness.transport.mode = .offline
    let cachedCampaigns = try await market.campaigns(policy: .cacheOnly)
    #expect(cachedCampaigns.source == .cache)
    #expect(cachedCampaigns.value.map(\.sessionUUID) == campaigns.value.map(\.sessionUUID))
    #expect(try await market.pointsHistory(policy: .cacheOnly).value == points.value)
    #expect(try await market.profile(policy: .cacheOnly).value == profile.value)
    #expect(try await market.marketPassDetails(policy: .cacheOnly).value == pass.value)
    #expect(try await market.cards(policy: .cacheOnly).value == cards.value)
    #expect(try await market.merchants(policy: .cacheOnly).value == merchants.value)
    #expect(try await market.couponSets(policy: .cacheOnly).value == sets.value)
    #expect(await market.state.marketPass == pass.value)
    await harness.client.shutdown()
  }

  @Test("Cache: an answer says when the server gave it, on the server's clock")
  func cacheAnsweredAtIsServerTime() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(clock: clock)
    let market = try harness.market
    try await harness.login()
    let online = try await market.coupons(policy: .networkOnly)
    // The sandbox stamps its answers with its clock's second.
    let second = (clock.now.timeIntervalSince1970).rounded(.down)
    #expect(online.answeredAt.timeIntervalSince1970 == second)
    clock.advance(by: 3_600)
    let cached = try await market.coupons(policy: .cacheOnly)
    #expect(cached.answeredAt == online.answeredAt)
    let age = cached.age(at: try harness.client.network.serverClock.now)
    #expect(age >= 3_600)
    #expect(age < 3_610)
    await harness.client.shutdown()
  }

  @Test("Offline: a cached answer older than the maximum age is deleted, never shown")
  func offlineMaximumAge() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(maximumAge: 86_400), clock: clock)
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons(policy: .networkOnly)
    clock.advance(by: 86_400 - 10)
    #expect(try await market.coupons(policy: .cacheOnly).source == .cache)
    clock.advance(by: 20)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .cacheOnly)
    }
    #expect(error.code == .notCached)
    #expect(try await harness.cached().filter { $0.kind == "coupons" }.isEmpty)
    await harness.client.shutdown()
  }

  @Test(
    "Offline: an answer exactly the maximum age old is shown; a millisecond older, deleted",
    arguments: [(0.001, true), (0.0, true), (-0.001, false)])
  func offlineMaximumAgeBoundary(younger: TimeInterval, shown: Bool) async throws {
    let harness = try await OfflineHarness.start(cache: CacheConfiguration(maximumAge: 86_400))
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons(policy: .networkOnly)
    // The same answer, given by the server the maximum age (less `younger`) ago on the
    // server's time as the SDK estimates it.
    let stored = try #require(try await harness.cached().first { $0.kind == "coupons" })
    let serverNow = try harness.client.network.serverClock.now
    let answeredAt = serverNow.addingTimeInterval(-86_400 + younger)
    try await harness.client.resolve(.marketCache).store(
      CachedAnswer(
        key: stored.key, owner: stored.owner, kind: stored.kind, status: stored.status,
        headers: stored.headers, body: stored.body, answeredAt: answeredAt,
        storedAt: stored.storedAt))
    let source: AnswerSource?
    do {
      source = try await market.coupons(policy: .cacheOnly).source
    } catch let error as LoyaltyError where error.code == .notCached {
      source = nil
    }
    #expect(source == (shown ? .cache : nil))
    #expect(try await harness.cached().contains { $0.kind == "coupons" } == shown)
    await harness.client.shutdown()
  }

  @Test("Offline: the network back after a read from the cache revalidates it")
  func offlineNetworkBackRevalidates() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons(policy: .networkOnly)
    harness.transport.mode = .offline
    #expect(try await market.coupons(policy: .networkFirst).source == .cache)
    let lifecycle = try harness.client.lifecycle
    await lifecycle.networkPathChanged(isSatisfied: false)
    harness.transport.mode = .online
    let before = harness.transport.count("user_coupons")
    await lifecycle.networkPathChanged(isSatisfied: true)
    #expect(harness.transport.count("user_coupons") == before + 1)
    // The same path again changes nothing: nothing more is sent.
    await lifecycle.networkPathChanged(isSatisfied: true)
    #expect(harness.transport.count("user_coupons") == before + 1)
    await harness.client.shutdown()
  }
}
