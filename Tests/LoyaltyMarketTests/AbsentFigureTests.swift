import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Testing

/// Absent is not zero: a figure an answer did not carry (points, balances, discounts,
/// amounts, counts, statuses) is `nil` in its model, never 0, "" or `false` dressed as
/// data, and the drift names it; a figure sent as 0 is 0. One test per model.
@Suite("Market models: a figure the server did not send is absent")
struct AbsentFigureTests {
  /// The decoded result of `endpoint` on an answer holding `members`, and the fields the
  /// drift collector recorded.
  static func decode<Result>(
    _ members: JSONValue, _ endpoint: (DriftCollector) -> Endpoint<Result>
  ) throws -> (Result, Set<String>) {
    let collector = DriftCollector()
    let body = try JSONValue.object(["status": "1", "context": members]).jsonData()
    let result = try NetworkClient.decode(
      HTTPResponse(status: 200, body: body), for: endpoint(collector))
    return (result, Set(collector.recorded.keys.map(\.field)))
  }

  @Test("profile: points, verified and subscribed")
  func profile() throws {
    let (absent, drift) = try Self.decode(["result": ["uuid": "u-1", "email": "a@b.test"]]) {
      MarketEndpoints.profile.endpoint(drift: $0)
    }
    #expect(absent.pointsIfSent == nil)
    #expect(absent.isVerifiedIfSent == nil)
    #expect(absent.isSubscribedIfSent == nil)
    #expect(drift.isSuperset(of: ["result.points", "result.verified", "result.subscribed"]))
    let (zero, _) = try Self.decode(
      ["result": ["uuid": "u-1", "points": 0, "verified": false, "subscribed": "0"]]
    ) { MarketEndpoints.profile.endpoint(drift: $0) }
    #expect(zero.pointsIfSent == 0)
    #expect(zero.isVerifiedIfSent == false)
    #expect(zero.isSubscribedIfSent == false)
  }

  @Test("transactions and their products: amount, points, quantity, price")
  func transactions() throws {
    let (list, drift) = try Self.decode(
      ["result": ["transactions": [["transaction_uuid": "t-1", "products": [["name": "milk"]]]]]]
    ) { MarketEndpoints.transactions.endpoint("full", drift: $0) }
    let transaction = try #require(list.first)
    #expect(transaction.amountIfSent == nil)
    #expect(transaction.pointsIfSent == nil)
    let product = try #require(transaction.products.first)
    #expect(product.quantityIfSent == nil)
    #expect(product.priceIfSent == nil)
    #expect(drift.contains { $0.hasSuffix("amount") }, "\(drift)")
    #expect(drift.contains { $0.hasSuffix("price") }, "\(drift)")
  }

  @Test("points history: the balance and each entry's points and balance")
  func pointsHistory() throws {
    let (history, drift) = try Self.decode(
      ["result": ["points_history": [["entry_uuid": "e-1", "entry_date": "2026-01-02 10:00"]]]]
    ) { MarketEndpoints.pointsHistory.endpoint(drift: $0) }
    #expect(history.balanceIfSent == nil, "the seed's PointsHistoryModel has no balance")
    let entry = try #require(history.entries.first)
    #expect(entry.pointsIfSent == nil)
    #expect(entry.balanceIfSent == nil)
    #expect(drift.contains("result.balance"), "\(drift)")
    // The list alone, its newest entry carrying a balance: that balance, reported.
    let (bare, bareDrift) = try Self.decode(
      ["result": [["entry_uuid": "e-1", "points": 5, "balance": 0]]]
    ) { MarketEndpoints.pointsHistory.endpoint(drift: $0) }
    #expect(bare.balanceIfSent == 0)
    #expect(bareDrift.contains("result.balance"), "\(bareDrift)")
  }

  @Test("market pass: total discount, available coupons, status")
  func marketPass() throws {
    let (pass, drift) = try Self.decode(["result": ["pass_uuid": "p-1", "barcode": "1"]]) {
      MarketEndpoints.marketPass.endpoint(drift: $0)
    }
    #expect(pass.totalDiscountIfSent == nil)
    #expect(pass.availableCouponsIfSent == nil)
    #expect(pass.statusIfSent == nil)
    #expect(drift.isSuperset(of: ["result.total_discount", "result.available_coupons"]))
  }

  @Test("coupons: discount and status; neither active nor redeemed when unknown")
  func coupons() throws {
    let (coupons, drift) = try Self.decode(
      ["MAPP_COUPON": ["coupons": [["coupon": "C-1"]]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.userCoupons.endpoint("en", drift: $0) }
    let coupon = try #require(coupons.first)
    #expect(coupon.discountIfSent == nil)
    #expect(coupon.statusIfSent == nil)
    #expect(!coupon.isActive && !coupon.isRedeemed)
    #expect(drift.contains { $0.hasSuffix("status") }, "\(drift)")
    let (sent, _) = try Self.decode(
      ["MAPP_COUPON": ["coupons": [["coupon": "C-1", "status": 0]]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.userCoupons.endpoint("en", drift: $0) }
    #expect(sent.first?.statusIfSent == 0)
    #expect(sent.first?.isRedeemed == true)
  }

  @Test("coupon sets: discount, final price, points")
  func couponSets() throws {
    let (sets, drift) = try Self.decode(
      ["MAPP_COUPON": ["couponsets": [["uuid": "s-1"]]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.couponSets.endpoint(("en", nil, nil), drift: $0) }
    let set = try #require(sets.first)
    #expect(set.discountIfSent == nil)
    #expect(set.finalPriceIfSent == nil)
    #expect(set.pointsIfSent == nil)
    #expect(drift.contains { $0.hasSuffix("final_price") }, "\(drift)")
  }

  @Test("a redemption without its cost; a validation without its verdict fails")
  func redemptionAndValidation() throws {
    let (redemption, drift) = try Self.decode(
      [
        "MAPP_COUPON": ["coupon": ["coupon": "C-1", "status": 0], "points": 40],
        "MAPP_COUPON-status": 1,
      ]
    ) { MarketEndpoints.redeemCoupon.endpoint(("p", "m", nil), drift: $0) }
    #expect(redemption.pointsSpentIfSent == nil)
    #expect(redemption.pointsBalance == 40)
    #expect(drift.contains("MAPP_COUPON.points_spent"), "\(drift)")
    let error = try #require(throws: LoyaltyError.self) {
      _ = try Self.decode(
        ["MAPP_COUPON": ["coupon": ["coupon": "C-1"]], "MAPP_COUPON-status": 1]
      ) { MarketEndpoints.validateCoupon.endpoint("C-1", drift: $0) }
    }
    #expect(error.code == .missingField)
    #expect(error.metadata["field"] == "MAPP_COUPON.valid", "\(error)")
  }

  @Test("supermarket history: the total saved")
  func supermarketHistory() throws {
    let (history, drift) = try Self.decode(
      ["MAPP_COUPON": ["redeemed_coupons": []], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.redeemedSupermarketHistory.endpoint("en", drift: $0) }
    #expect(history.totalRedeemedValueIfSent == nil)
    #expect(drift.contains("MAPP_COUPON.total_redeemed_value"), "\(drift)")
  }
}
