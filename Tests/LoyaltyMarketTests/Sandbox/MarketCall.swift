import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// One public network call of ``Market``, made with arguments the sandbox's fixtures
/// accept: the one entry a new call needs in the tests.
///
/// From it come the async test (the call and its checks), the callback variant (the same
/// call through `run(on:_:completion:)`), and the shape matrix's run (what it decoded, the
/// list it exists for apart from the values beside it). Each call works alone on a fresh
/// backend and in the order of ``all`` on one, which the shape matrix follows, so the
/// changes of one (a redemption, a card) are the same for the calls after it.
struct MarketCall: Sendable, CustomTestStringConvertible {
  /// What the call reports to analytics (`custom_success_<operation>_loyalty`).
  let operation: String
  /// The sandbox endpoint of the call's first request.
  let endpoint: SandboxEndpoint
  /// Whether the call needs a session.
  let needsSession: Bool
  /// How the call uses the lists of its answers.
  let use: DecodedAnswer.ListUse
  /// Makes the async call and checks its answer.
  let send: @Sendable (Market, SandboxBackend) async throws -> Void
  /// Makes the call through the callback bridge; `done` receives the failure, or `nil`.
  let sendWithCallback:
    @Sendable (
      Market, SandboxBackend, DispatchQueue, @escaping @Sendable (LoyaltyError?) -> Void
    ) async throws -> Void
  /// Makes the call and returns what it decoded, for the shape matrix.
  let decode: @Sendable (Market, SandboxBackend) async throws -> DecodedAnswer

  var testDescription: String { operation }

  /// A call: `make` calls the market, `decoded` says what the matrix compares, `check`
  /// what the async test expects of the answer.
  init<Answer: Sendable>(
    _ operation: String, _ endpoint: SandboxEndpoint, session: Bool,
    use: DecodedAnswer.ListUse = .none,
    make: @escaping @Sendable (Market, SandboxBackend) async throws -> Answer,
    decoded: @escaping @Sendable (Answer, Market) async throws -> DecodedAnswer,
    check: @escaping @Sendable (Answer, Market, SandboxBackend) async throws -> Void = {
      _, _, _ in
    }
  ) {
    self.operation = operation
    self.endpoint = endpoint
    self.needsSession = session
    self.use = use
    send = { market, backend in try await check(make(market, backend), market, backend) }
    sendWithCallback = { market, backend, queue, done in
      market.run(on: queue, { try await make($0, backend) }) { done($0.failure) }
    }
    decode = { market, backend in try await decoded(make(market, backend), market) }
  }

  /// A call without a list whose answer the matrix compares whole.
  init<Answer: Equatable & Sendable>(
    _ operation: String, _ endpoint: SandboxEndpoint, session: Bool,
    make: @escaping @Sendable (Market, SandboxBackend) async throws -> Answer,
    check: @escaping @Sendable (Answer, Market, SandboxBackend) async throws -> Void = {
      _, _, _ in
    }
  ) {
    self.init(
      operation, endpoint, session: session, make: make,
      decoded: { answer, _ in DecodedAnswer(value: answer) }, check: check)
  }

  /// A call whose answer is the list it exists for.
  init<Element: Equatable & Sendable>(
    _ operation: String, _ endpoint: SandboxEndpoint, session: Bool,
    list make: @escaping @Sendable (Market, SandboxBackend) async throws -> [Element],
    check: @escaping @Sendable ([Element], Market, SandboxBackend) async throws -> Void = {
      _, _, _ in
    }
  ) {
    self.init(
      operation, endpoint, session: session, use: .whole, make: make,
      decoded: { answer, _ in DecodedAnswer(elements: answer) }, check: check)
  }

  /// The email a call registers, and the password it registers it with.
  static let newEmail = "new-user@sandbox.test"
  static let newPassword = "a-long-password"

  /// The card the calls add.
  static let card = NewCard(
    number: "4111 1111 1111 1111", issuer: "VISA", holder: "Maria P.", expirationMonth: "12",
    expirationYear: "2031")

  /// A coupon of user 1 that can be redeemed now, on the backend's clock: active, accepted
  /// somewhere, affordable.
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

  /// Registers ``newEmail`` unless a call before did.
  static func registered(_ market: Market, _ backend: SandboxBackend) async throws -> String {
    if backend.user(email: newEmail) == nil {
      _ = try await market.register(email: newEmail, password: newPassword)
    }
    return newEmail
  }

  /// A deleted card's token and the answer to its deletion.
  struct Deletion: Sendable {
    let token: String
    let answer: GenericResponse
  }

  /// Every public network call of ``Market``, in the order the shape matrix makes them.
  static let all: [MarketCall] = [
    // Basic and personalized campaigns, merged: every one received (``MarketState``), of
    // which the pipeline lists some.
    MarketCall(
      "campaigns", .campaigns, session: true, use: .merged(answers: 2),
      make: { market, _ in try await market.campaigns() },
      decoded: { _, market in DecodedAnswer(elements: await market.state.allCampaigns) },
      check: { campaigns, _, _ in #expect(!campaigns.isEmpty) }),
    MarketCall(
      "campaigns_personalized", .personalizedCampaigns, session: true,
      list: { market, _ in try await market.personalizedCampaigns() },
      check: { campaigns, _, _ in #expect(!campaigns.isEmpty) }),
    MarketCall(
      "single_campaign", .singleCampaign, session: false,
      make: { market, backend -> Campaign in
        guard let uuid = backend.catalog.campaigns.first?.sessionUUID else {
          throw MissingFixture(what: "a campaign")
        }
        return try await market.singleCampaign(sessionUUID: uuid)
      },
      check: { campaign, _, backend in
        #expect(campaign.sessionUUID == backend.catalog.campaigns.first?.sessionUUID)
      }),
    // The first supermarket campaign of the list, if any.
    MarketCall(
      "supermarket_campaign", .campaigns, session: false, use: .picked(atMost: 1),
      make: { market, _ in try await market.supermarketCampaign() },
      decoded: { campaign, _ in DecodedAnswer(elements: [campaign].compactMap { $0 }) },
      check: { campaign, _, backend in
        let expected = backend.catalog.campaigns.contains { $0.type == "supermarket" }
        #expect((campaign != nil) == expected)
      }),
    MarketCall(
      "coupons", .coupons, session: true, list: { market, _ in try await market.coupons() },
      check: { coupons, _, _ in #expect(!coupons.isEmpty) }),
    MarketCall(
      "coupons_universal", .coupons, session: true,
      list: { market, _ in try await market.universalCoupons() },
      check: { coupons, _, _ in
        #expect(coupons.allSatisfy { $0.couponSet.map { $0.type == "universal" } ?? true })
      }),
    MarketCall(
      "coupon_sets", .couponSets, session: false,
      list: { market, _ in try await market.couponSets() },
      check: { sets, _, backend in #expect(sets.count == backend.catalog.couponSets.count) }),
    MarketCall(
      "available_coupons", .couponAvailability, session: false,
      make: { market, _ in try await market.availableCoupons() },
      check: { _, market, backend in
        let set = try #require(backend.catalog.couponSets.first?.uuid)
        #expect(try await market.availableCoupons(couponSets: [set]).keys.sorted() == [set])
      }),
    MarketCall(
      "validate_coupon", .validateCoupon, session: true,
      make: { market, backend in try await market.validateCoupon(redeemable(backend).code) },
      check: { validation, _, _ in #expect(validation.isValid) }),
    MarketCall(
      "redeemed_sm_history", .redeemedSupermarketHistory, session: true, use: .whole,
      make: { market, _ in try await market.redeemedSupermarketHistory() },
      decoded: { history, _ in
        DecodedAnswer(elements: history.coupons, siblings: [history.totalRedeemedValueIfSent])
      }),
    MarketCall(
      "redeem_coupon", .redeemCoupon, session: true,
      make: { market, backend -> CouponRedemption in
        let coupon = try redeemable(backend)
        return try await market.redeemCoupon(
          productID: coupon.code, productUUID: coupon.set, merchantID: coupon.merchant)
      },
      check: { redemption, _, _ in #expect(redemption.coupon.isRedeemed == true) }),
    MarketCall(
      "profile", .profile, session: true, make: { market, _ in try await market.profile() },
      check: { profile, _, _ in #expect(profile.email == SandboxFixtures.userEmail(1)) }),
    MarketCall(
      "register", .register, session: false,
      make: { market, _ in try await market.register(email: newEmail, password: newPassword) },
      check: { user, _, backend in #expect(backend.user(email: newEmail)?.id == user.id) }),
    MarketCall(
      "change_password", .changePassword, session: false,
      make: { market, backend in
        try await market.changePassword(
          email: registered(market, backend), oldPassword: newPassword,
          newPassword: "a-better-password")
      },
      check: { changed, _, _ in #expect(changed.status == 1) }),
    MarketCall(
      "reset_password", .resetPassword, session: false,
      make: { market, backend in
        try await market.resetPassword(email: registered(market, backend))
      },
      check: { reset, _, backend in
        #expect(reset.status == 1)
        #expect(backend.passwordResets == [newEmail])
      }),
    MarketCall(
      "request_otp", .requestOTP, session: false,
      make: { market, _ in try await market.requestOTP(phoneNumber: "+306900000000") },
      check: { otp, _, _ in #expect(!otp.id.isEmpty && otp.expiresIn > 0) }),
    MarketCall(
      "add_card", .addCard, session: true, make: { market, _ in try await market.addCard(card) },
      check: { added, _, _ in #expect(added.last4 == "1111") }),
    MarketCall(
      "get_cards", .cards, session: true, list: { market, _ in try await market.cards() }),
    // The card added above, or one added now when the call runs alone.
    MarketCall(
      "delete_card", .deleteCard, session: true,
      make: { market, backend -> Deletion in
        let onFile = backend.user(email: SandboxFixtures.userEmail(1))?.cards.first?.token
        var token = onFile ?? ""
        if onFile == nil { token = try await market.addCard(card).token }
        return Deletion(token: token, answer: try await market.deleteCard(token: token))
      },
      decoded: { deletion, _ in DecodedAnswer(value: deletion.answer) },
      check: { (deletion: Deletion, market, _) async throws in
        #expect(deletion.answer.status == 1)
        let tokens = try await market.cards().map(\.token)
        #expect(!tokens.contains(deletion.token))
      }),
    MarketCall(
      "transaction_history", .transactions, session: true,
      list: { market, _ in try await market.transactionHistory(productDetail: "full") }),
    MarketCall(
      "points_history", .pointsHistory, session: true, use: .whole,
      make: { market, _ in try await market.pointsHistory() },
      decoded: { history, _ in
        DecodedAnswer(elements: history.entries, siblings: [history.balanceIfSent])
      },
      check: { history, _, backend in
        #expect(history.balanceIfSent == backend.user(email: SandboxFixtures.userEmail(1))?.points)
      }),
    MarketCall(
      "merchants", .merchants, session: false, list: { market, _ in try await market.merchants() },
      check: { merchants, _, _ in #expect(!merchants.isEmpty) }),
    MarketCall(
      "merchant_categories", .merchantCategories, session: false,
      list: { market, _ in try await market.merchantCategories() },
      check: { categories, _, backend in
        #expect(categories.count == backend.catalog.categories.count)
      }),
    MarketCall(
      "articles", .articles, session: false, list: { market, _ in try await market.articles() },
      check: { articles, _, _ in #expect(!articles.isEmpty) }),
    MarketCall(
      "market_pass_details", .marketPass, session: true,
      make: { market, _ in try await market.marketPassDetails() },
      check: { pass, _, _ in #expect(pass.barcode.count == 13) }),
  ]
}

/// A fixture the test needed is not in the sandbox's data.
struct MissingFixture: Error {
  let what: String
}

extension Result {
  /// The failure, or `nil` on success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
