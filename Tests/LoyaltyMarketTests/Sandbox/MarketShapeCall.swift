import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import LoyaltyTestSupport

/// One public network call of ``Market`` in the shape matrix: what it decoded, the list
/// it exists for apart from the values beside it.
///
/// The calls run in this order on one logged-in client, so the changes of one (a
/// redemption, a card) are the same for the calls after it in every variant.
struct MarketShapeCall: Sendable {
  /// The call's analytics name, as in ``MarketCall``.
  let operation: String
  /// The sandbox endpoint of the call's first request.
  let endpoint: SandboxEndpoint
  /// How the call uses the lists of its answers.
  let use: DecodedAnswer.ListUse
  /// Makes the call and returns what it decoded.
  let run: @Sendable (Market, SandboxBackend) async throws -> DecodedAnswer

  /// The email the matrix registers.
  static let newEmail = "shape-matrix@sandbox.test"

  /// A coupon of user 1 that can be redeemed now, on the backend's clock.
  static func redeemable(_ backend: SandboxBackend) throws -> (
    code: String, set: String, merchant: String
  ) {
    let now = backend.configuration.clock.now
    guard let user = backend.user(email: SandboxFixtures.userEmail(1)) else {
      throw MissingFixture(what: "user 1")
    }
    for coupon in user.coupons where coupon.isActive(at: now) {
      if let set = backend.catalog.couponSet(uuid: coupon.couponSetUUID),
        let merchant = set.shopAvailability.first, set.points <= user.points
      {
        return (coupon.code, set.uuid, merchant)
      }
    }
    throw MissingFixture(what: "a redeemable coupon of user 1")
  }

  /// Every public network call of ``Market``, in the order the matrix makes them.
  static let all: [MarketShapeCall] = [
    // Basic and personalized campaigns, merged: every one received (``MarketState``), of
    // which the pipeline lists some.
    MarketShapeCall(operation: "campaigns", endpoint: .campaigns, use: .merged(answers: 2)) {
      market, _ in
      _ = try await market.campaigns()
      return DecodedAnswer(elements: await market.state.allCampaigns)
    },
    MarketShapeCall(
      operation: "campaigns_personalized", endpoint: .personalizedCampaigns, use: .whole
    ) { market, _ in DecodedAnswer(elements: try await market.personalizedCampaigns()) },
    MarketShapeCall(operation: "single_campaign", endpoint: .singleCampaign, use: .none) {
      market, backend in
      guard let uuid = backend.catalog.campaigns.first?.sessionUUID else {
        throw MissingFixture(what: "a campaign")
      }
      return DecodedAnswer(value: try await market.singleCampaign(sessionUUID: uuid))
    },
    // The first supermarket campaign of the list, if any.
    MarketShapeCall(
      operation: "supermarket_campaign", endpoint: .campaigns, use: .picked(atMost: 1)
    ) { market, _ in
      DecodedAnswer(elements: [try await market.supermarketCampaign()].compactMap { $0 })
    },
    MarketShapeCall(operation: "coupons", endpoint: .coupons, use: .whole) { market, _ in
      DecodedAnswer(elements: try await market.coupons())
    },
    MarketShapeCall(operation: "coupons_universal", endpoint: .coupons, use: .whole) {
      market, _ in DecodedAnswer(elements: try await market.universalCoupons())
    },
    MarketShapeCall(operation: "coupon_sets", endpoint: .couponSets, use: .whole) { market, _ in
      DecodedAnswer(elements: try await market.couponSets())
    },
    MarketShapeCall(
      operation: "available_coupons", endpoint: .couponAvailability, use: .none
    ) { market, _ in DecodedAnswer(value: try await market.availableCoupons()) },
    MarketShapeCall(operation: "validate_coupon", endpoint: .validateCoupon, use: .none) {
      market, backend in
      DecodedAnswer(value: try await market.validateCoupon(redeemable(backend).code))
    },
    MarketShapeCall(
      operation: "redeemed_sm_history", endpoint: .redeemedSupermarketHistory, use: .whole
    ) { market, _ in
      let history = try await market.redeemedSupermarketHistory()
      return DecodedAnswer(elements: history.coupons, siblings: [history.totalRedeemedValueIfSent])
    },
    MarketShapeCall(operation: "redeem_coupon", endpoint: .redeemCoupon, use: .none) {
      market, backend in
      let coupon = try redeemable(backend)
      return DecodedAnswer(
        value: try await market.redeemCoupon(
          productID: coupon.code, productUUID: coupon.set, merchantID: coupon.merchant))
    },
    MarketShapeCall(operation: "profile", endpoint: .profile, use: .none) { market, _ in
      DecodedAnswer(value: try await market.profile())
    },
    MarketShapeCall(operation: "register", endpoint: .register, use: .none) { market, _ in
      DecodedAnswer(value: try await market.register(email: newEmail, password: "a-long-password"))
    },
    MarketShapeCall(operation: "change_password", endpoint: .changePassword, use: .none) {
      market, _ in
      DecodedAnswer(
        value: try await market.changePassword(
          email: newEmail, oldPassword: "a-long-password", newPassword: "a-better-password"))
    },
    MarketShapeCall(operation: "reset_password", endpoint: .resetPassword, use: .none) {
      market, _ in DecodedAnswer(value: try await market.resetPassword(email: newEmail))
    },
    MarketShapeCall(operation: "request_otp", endpoint: .requestOTP, use: .none) { market, _ in
      DecodedAnswer(value: try await market.requestOTP(phoneNumber: "+306900000000"))
    },
    MarketShapeCall(operation: "add_card", endpoint: .addCard, use: .none) { market, _ in
      DecodedAnswer(value: try await market.addCard(MarketCall.card))
    },
    MarketShapeCall(operation: "get_cards", endpoint: .cards, use: .whole) { market, _ in
      DecodedAnswer(elements: try await market.cards())
    },
    // The card added above, found on the backend.
    MarketShapeCall(operation: "delete_card", endpoint: .deleteCard, use: .none) {
      market, backend in
      guard let token = backend.user(email: SandboxFixtures.userEmail(1))?.cards.first?.token
      else { throw MissingFixture(what: "a card of user 1") }
      return DecodedAnswer(value: try await market.deleteCard(token: token))
    },
    MarketShapeCall(operation: "transaction_history", endpoint: .transactions, use: .whole) {
      market, _ in
      DecodedAnswer(elements: try await market.transactionHistory(productDetail: "full"))
    },
    MarketShapeCall(operation: "points_history", endpoint: .pointsHistory, use: .whole) {
      market, _ in
      let history = try await market.pointsHistory()
      return DecodedAnswer(elements: history.entries, siblings: [history.balanceIfSent])
    },
    MarketShapeCall(operation: "merchants", endpoint: .merchants, use: .whole) { market, _ in
      DecodedAnswer(elements: try await market.merchants())
    },
    MarketShapeCall(
      operation: "merchant_categories", endpoint: .merchantCategories, use: .whole
    ) { market, _ in DecodedAnswer(elements: try await market.merchantCategories()) },
    MarketShapeCall(operation: "articles", endpoint: .articles, use: .whole) { market, _ in
      DecodedAnswer(elements: try await market.articles())
    },
    MarketShapeCall(operation: "market_pass_details", endpoint: .marketPass, use: .none) {
      market, _ in DecodedAnswer(value: try await market.marketPassDetails())
    },
  ]
}
