import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("15. A coupon is never redeemed twice by the SDK")
struct RedemptionOutcomeTests {
  /// A coupon user 1 can redeem, and a merchant that takes it.
  static func redeemable(_ market: Market) async throws -> (Coupon, String) {
    let points = try #require(await market.profile().pointsIfSent)
    _ = try await market.coupons()
    let now = Date()
    let coupon = try #require(
      await market.state.activeCoupons.first { coupon in
        !coupon.isExpired(at: now) && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
          && (coupon.couponSet?.pointsIfSent ?? .max) <= points
      }, "user 1 holds a redeemable coupon")
    return (coupon, try #require(coupon.couponSet?.shopAvailability.first))
  }

  /// A harness logged in as user 1, a coupon it can redeem with its merchant, the points
  /// before, and the sandbox's counters reset.
  static func prepared() async throws -> (MarketHarness, Market, Coupon, String, Int) {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    try await harness.login()
    let (coupon, merchant) = try await redeemable(market)
    let before = try #require(await market.profile().pointsIfSent)
    harness.backend.resetCounters()
    return (harness, market, coupon, merchant, before)
  }

  @Test(
    "the server redeemed, the answer was lost: outcomeUnknown, sent once; the same key redeems once"
  )
  func lostAnswer() async throws {
    let (harness, market, coupon, merchant, before) = try await Self.prepared()
    harness.backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.redeemCoupon))

    let lost = try await #require(throws: LoyaltyError.self) {
      _ = try await market.redeemCoupon(
        productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
    }
    #expect(lost.code == .outcomeUnknown, "\(lost)")
    #expect(lost.metadata["endpoint"] == "redeem_coupon")
    #expect(harness.backend.counters.requests[.redeemCoupon] == 1, "sent once, never again")
    let key = try #require(lost.idempotencyKey)

    // The host checks nothing and sends it again with the key: the first answer, once.
    let redemption = try await market.redeemCoupon(
      productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant,
      idempotencyKey: key)
    #expect(redemption.coupon.isRedeemed)
    #expect(harness.backend.counters.idempotentReplays == 1)
    #expect(try await market.profile().pointsIfSent == before - (redemption.pointsSpentIfSent ?? 0))
    #expect(redemption.pointsBalance == before - (redemption.pointsSpentIfSent ?? 0), "spent once")
    await harness.client.shutdown()
  }

  @Test("nothing sent: notConnected, not outcomeUnknown; nothing redeemed; the next call redeems")
  func nothingSent() async throws {
    // The testing preset makes one attempt per call, so the failure reaches the caller.
    let (harness, market, coupon, merchant, before) = try await Self.prepared()
    harness.backend.failNext(with: .dropConnection, on: .endpoint(.redeemCoupon))
    let refused = try await #require(throws: LoyaltyError.self) {
      _ = try await market.redeemCoupon(
        productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
    }
    #expect(refused.code == .notConnected, "\(refused)")
    #expect(try await market.profile().pointsIfSent == before, "nothing was redeemed")
    let redemption = try await market.redeemCoupon(
      productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
    #expect(redemption.coupon.isRedeemed)
    #expect(harness.backend.counters.idempotentReplays == 0)
    await harness.client.shutdown()
  }
}
