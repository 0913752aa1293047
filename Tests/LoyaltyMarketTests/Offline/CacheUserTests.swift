import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// Whose answers are shown: one user's never for another, and what the device learned
/// since (expiry, redemption) always counts.
@Suite("Cache per user, expiry and redemption")
struct CacheUserTests {
  @Test("Cache: a login as someone else shows nothing of the previous user, at once")
  func cacheUserSwitch() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login(1)
    let first = try await market.coupons()
    _ = try await market.marketPassDetails()
    #expect(!first.isEmpty)
    try await harness.login(2)
    // The login returned: nothing of user 1 is in the state, in the cache's reads, or kept.
    #expect(await market.state.activeCoupons.isEmpty)
    #expect(await market.state.redeemedCoupons.isEmpty)
    #expect(await market.state.marketPass == nil)
    harness.transport.mode = .offline
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .cacheOnly)
    }
    #expect(error.code == .notCached)
    let user1 = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    #expect(try await harness.cached().allSatisfy { $0.owner != MarketCacheOwner.user(user1.id) })
    harness.transport.mode = .online
    let second = try await market.coupons()
    #expect(Set(second.map(\.code)).isDisjoint(with: first.map(\.code)))
    await harness.client.shutdown()
  }

  @Test("Cache: a logout empties the state and deletes the user's answers")
  func cacheLogout() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    _ = try await market.campaigns()
    try await harness.client.network.session.logout()
    #expect(await market.state.activeCoupons.isEmpty)
    #expect(await market.state.campaigns.isEmpty)
    let owners = Set(try await harness.cached().map(\.owner))
    #expect(owners.isSubset(of: [MarketCacheOwner.anonymous]))
    await harness.client.shutdown()
  }

  @Test("Cache: the same user logging in again keeps their answers")
  func cacheSameUserAgain() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login(1)
    _ = try await market.coupons()
    try await harness.login(1)
    #expect(try await market.coupons(policy: .cacheOnly).source == .cache)
    await harness.client.shutdown()
  }

  @Test("Cache: anonymous answers are kept apart from a signed-in user's")
  func cacheAnonymousApart() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    _ = try await market.campaigns()
    #expect(try await harness.cached().allSatisfy { $0.owner == MarketCacheOwner.anonymous })
    try await harness.login()
    _ = try await market.campaigns()
    let owners = Set(try await harness.cached().map(\.owner))
    #expect(owners.count == 2)
    await harness.client.shutdown()
  }

  /// `answer` with the first active coupon expiring at `expiration`, wherever it is.
  static func expiringFirstActive(_ answer: JSONValue, at expiration: String) -> JSONValue {
    var done = false
    func walk(_ value: JSONValue) -> JSONValue {
      switch value {
      case .object(var object):
        if !done, object["coupon"] != nil, object["status"]?.looseInt == 1 {
          done = true
          object["expiration"] = .string(expiration)
          return .object(object)
        }
        return .object(object.mapValues(walk))
      case .array(let values): return .array(values.map(walk))
      default: return value
      }
    }
    return walk(answer)
  }

  @Test("Offline: a coupon expired since the answer is never active from the cache")
  func offlineExpiredCoupon() async throws {
    let clock = InstantClock()
    // The clock starts at 2027-01-15 08:00:00 UTC: the coupon expires two hours later.
    let harness = try await OfflineHarness.start(
      clock: clock,
      transport: { backend in
        RewritingTransport(
          inner: SandboxTransport(backend),
          rewrites: [
            "user_coupons": { Self.expiringFirstActive($0, at: "2027-01-15 10:00:00") }
          ])
      })
    let market = try harness.market
    try await harness.login()
    let online = try await market.coupons()
    let now = try harness.client.network.serverClock.now
    let coupon = try #require(
      online.filter { $0.isActive && ($0.expiration ?? .distantPast) > now }
        .min { ($0.expiration ?? .distantFuture) < ($1.expiration ?? .distantFuture) })
    let expiration = try #require(coupon.expiration)
    harness.transport.mode = .offline
    // One second before its expiration on the server's clock: still active.
    clock.advance(by: expiration.timeIntervalSince(try harness.client.network.serverClock.now) - 1)
    let before = try await market.coupons(policy: .cacheOnly).value
    #expect(before.first { $0.code == coupon.code }?.isActive == true)
    clock.advance(by: 2)
    let after = try await market.coupons(policy: .cacheOnly).value
    let expired = try #require(after.first { $0.code == coupon.code })
    #expect(!expired.isActive)
    #expect(expired.localState == .expired)
    #expect(expired.statusIfSent == 1)
    #expect(await !market.state.activeCoupons.contains { $0.code == coupon.code })
    await harness.client.shutdown()
  }

  @Test("Offline: a coupon redeemed here never comes back as active from the cache")
  func offlineRedeemedCoupon() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    let coupons = try await market.coupons()
    let points = try await market.profile().pointsIfSent ?? 0
    let coupon = try #require(
      coupons.first { candidate in
        candidate.isActive && !(candidate.couponSet?.shopAvailability.isEmpty ?? true)
          && (candidate.couponSet?.pointsIfSent ?? .max) <= points
      })
    _ = try await market.redeemCoupon(
      productID: coupon.code, productUUID: coupon.couponSetUUID,
      merchantID: try #require(coupon.couponSet?.shopAvailability.first))
    harness.transport.mode = .offline
    let cached = try await market.coupons(policy: .networkFirst)
    #expect(cached.source == .cache)
    let redeemed = try #require(cached.value.first { $0.code == coupon.code })
    #expect(!redeemed.isActive)
    #expect(redeemed.isRedeemed)
    #expect(redeemed.localState == .redeemed)
    #expect(await !market.state.activeCoupons.contains { $0.code == coupon.code })
    #expect(await market.state.redeemedCoupons.contains { $0.code == coupon.code })
    // Back online, the server's answer replaces what the device remembered, and the
    // record of the redemption is gone from the cache.
    #expect(try await harness.cached().contains { $0.key == "local.redeemed_codes" })
    harness.transport.mode = .online
    let live = try await market.coupons(policy: .networkOnly)
    #expect(live.value.allSatisfy { $0.localState == nil })
    #expect(live.value.first { $0.code == coupon.code }?.isRedeemed == true)
    #expect(try await harness.cached().allSatisfy { $0.key != "local.redeemed_codes" })
    await harness.client.shutdown()
  }

  @Test("Cache: two logins in a row with tokens that name no user keep nothing of the first")
  func cacheTwoOpaqueLogins() async throws {
    let harness = try await OfflineHarness.start()
    let session = try harness.client.network.session
    try await session.login(with: TokenPair(accessToken: "opaque-1", refreshToken: "r-1"))
    let cache = try harness.client.resolve(.marketCache)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    try await cache.store(
      CachedAnswer(
        key: "coupons?{}", owner: MarketCacheOwner.session, kind: "coupons",
        body: Data("{}".utf8), answeredAt: now, storedAt: now))
    #expect(try await harness.cached().contains { $0.owner == MarketCacheOwner.session })
    // Another person, another opaque token: the owner is `session` again, and empty.
    try await session.login(with: TokenPair(accessToken: "opaque-2", refreshToken: "r-2"))
    #expect(try await harness.cached().allSatisfy { $0.owner != MarketCacheOwner.session })
    await harness.client.shutdown()
  }

  @Test("Cache: turning the offline cache off deletes it and keeps nothing more")
  func cachePrivacyOff() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    #expect(try await !harness.cached().isEmpty)
    try await harness.client.privacy.disable(.offlineCache)
    #expect(try await harness.cached().isEmpty)
    _ = try await market.coupons()
    _ = try await market.profile()
    #expect(try await harness.cached().isEmpty)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.coupons(policy: .cacheOnly)
    }
    #expect(error.code == .featureDisabled)
    // Every read goes to the network.
    _ = try await market.coupons()
    #expect(harness.transport.count("user_coupons") == 3)
    try await harness.client.privacy.enable(.offlineCache)
    _ = try await market.coupons()
    #expect(try await !harness.cached().isEmpty)
    await harness.client.shutdown()
  }

  @Test("Cache: a new language is fetched again, never mixed with the old one")
  func cacheLanguageSwitch() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons()
    #expect(market.defaultLanguage == "en")
    let lifecycle = try harness.client.lifecycle
    try await lifecycle.setLanguage("el")
    #expect(market.defaultLanguage == "el")
    // The coupons were fetched again, in Greek, as the language changed.
    let greek = harness.transport.requests.filter {
      RewritingTransport.action(of: $0) == "user_coupons"
    }
    #expect(greek.count == 2)
    let body = String(decoding: try #require(greek.last?.body), as: UTF8.self)
    #expect(body.contains(#""el""#))
    harness.transport.mode = .offline
    #expect(try await market.coupons(language: "el", policy: .cacheOnly).source == .cache)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await lifecycle.setLanguage("greek")
    }
    #expect(error.code == .invalidLanguage)
    await harness.client.shutdown()
  }
}
