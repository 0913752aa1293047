import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import Testing

/// One public network call of ``Market``, with its async and its callback variant, made
/// with arguments the sandbox's fixtures accept.
struct MarketCall: Sendable, CustomTestStringConvertible {
  /// What the call reports to analytics (`custom_success_<operation>_loyalty`).
  let operation: String
  /// The sandbox endpoint of the call's first request.
  let endpoint: SandboxEndpoint
  /// Whether the call needs a session.
  let needsSession: Bool
  /// Makes the async call and checks its answer.
  let send: @Sendable (Market, SandboxBackend) async throws -> Void
  /// Makes the callback call; `done` receives the failure, or `nil` on success.
  let sendWithCallback:
    @Sendable (
      Market, SandboxBackend, DispatchQueue, @escaping @Sendable (LoyaltyError?) -> Void
    ) async throws -> Void

  var testDescription: String { operation }

  /// A coupon of user 1 the user can redeem: active, accepted somewhere, affordable.
  static func redeemable(_ backend: SandboxBackend) throws -> (
    code: String, set: String, merchant: String
  ) {
    let user = try #require(backend.user(email: SandboxFixtures.userEmail(1)))
    for coupon in user.coupons where coupon.isActive(at: Date()) {
      if let set = backend.catalog.couponSet(uuid: coupon.couponSetUUID),
        let merchant = set.shopAvailability.first, set.points <= user.points
      {
        return (coupon.code, set.uuid, merchant)
      }
    }
    throw MissingFixture(what: "a redeemable coupon of user 1")
  }

  static let card = NewCard(
    number: "4111 1111 1111 1111", issuer: "VISA", holder: "Maria P.", expirationMonth: "12",
    expirationYear: "2031")

  static func newEmail() -> String { "new-\(UUID().uuidString.prefix(8))@sandbox.test" }

  /// Every public network call of ``Market``.
  static let all: [MarketCall] = [
    MarketCall(
      operation: "campaigns", endpoint: .campaigns, needsSession: true,
      send: { market, _ async throws in #expect(try await !market.campaigns().isEmpty) },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.campaigns() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "campaigns_personalized", endpoint: .personalizedCampaigns, needsSession: true,
      send: { market, _ async throws in #expect(try await !market.personalizedCampaigns().isEmpty)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.personalizedCampaigns() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "single_campaign", endpoint: .singleCampaign, needsSession: false,
      send: { market, backend async throws in
        let uuid = try #require(backend.catalog.campaigns.first?.sessionUUID)
        #expect(try await market.singleCampaign(sessionUUID: uuid).sessionUUID == uuid)
      },
      sendWithCallback: { market, backend, queue, done in
        let uuid = try #require(backend.catalog.campaigns.first?.sessionUUID)
        market.run(on: queue, { try await $0.singleCampaign(sessionUUID: uuid) }) {
          done($0.failure)
        }
      }),
    MarketCall(
      operation: "supermarket_campaign", endpoint: .campaigns, needsSession: false,
      send: { market, backend async throws in
        let campaign = try await market.supermarketCampaign()
        let expected = backend.catalog.campaigns.contains { $0.type == "supermarket" }
        #expect((campaign != nil) == expected)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.supermarketCampaign() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "coupons", endpoint: .coupons, needsSession: true,
      send: { market, _ async throws in #expect(try await !market.coupons().isEmpty) },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.coupons() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "coupons_universal", endpoint: .coupons, needsSession: true,
      send: { market, _ async throws in
        let coupons = try await market.universalCoupons()
        #expect(coupons.allSatisfy { $0.couponSet.map { $0.type == "universal" } ?? true })
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.universalCoupons() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "coupon_sets", endpoint: .couponSets, needsSession: false,
      send: { market, backend async throws in
        #expect(try await market.couponSets().count == backend.catalog.couponSets.count)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.couponSets() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "available_coupons", endpoint: .couponAvailability, needsSession: false,
      send: { market, backend async throws in
        let set = try #require(backend.catalog.couponSets.first?.uuid)
        #expect(try await market.availableCoupons(couponSets: [set]).keys.sorted() == [set])
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.availableCoupons() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "validate_coupon", endpoint: .validateCoupon, needsSession: true,
      send: { market, backend async throws in
        #expect(try await market.validateCoupon(redeemable(backend).code).isValid)
      },
      sendWithCallback: { market, backend, queue, done in
        let code = try redeemable(backend).code
        market.run(on: queue, { try await $0.validateCoupon(code) }) { done($0.failure) }
      }),
    MarketCall(
      operation: "redeem_coupon", endpoint: .redeemCoupon, needsSession: true,
      send: { market, backend async throws in
        let coupon = try redeemable(backend)
        let redemption = try await market.redeemCoupon(
          productID: coupon.code, productUUID: coupon.set, merchantID: coupon.merchant)
        #expect(redemption.coupon.isRedeemed == true)
      },
      sendWithCallback: { market, backend, queue, done in
        let coupon = try redeemable(backend)
        market.run(
          on: queue,
          {
            try await $0.redeemCoupon(
              productID: coupon.code, productUUID: coupon.set, merchantID: coupon.merchant)
          }
        ) { done($0.failure) }
      }),
    MarketCall(
      operation: "redeemed_sm_history", endpoint: .redeemedSupermarketHistory,
      needsSession: true,
      send: { market, _ async throws in _ = try await market.redeemedSupermarketHistory() },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.redeemedSupermarketHistory() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "profile", endpoint: .profile, needsSession: true,
      send: { market, _ async throws in
        #expect(try await market.profile().email == SandboxFixtures.userEmail(1))
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.profile() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "register", endpoint: .register, needsSession: false,
      send: { market, backend async throws in
        let email = newEmail()
        let user = try await market.register(email: email, password: "a-long-password")
        #expect(backend.user(email: email)?.id == user.id)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(
          on: queue, { try await $0.register(email: newEmail(), password: "a-long-password") }
        ) {
          done($0.failure)
        }
      }),
    MarketCall(
      operation: "change_password", endpoint: .changePassword, needsSession: false,
      send: { market, _ async throws in
        let changed = try await market.changePassword(
          email: SandboxFixtures.userEmail(1), oldPassword: SandboxFixtures.userPassword,
          newPassword: "a-much-better-password")
        #expect(changed.status == 1)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(
          on: queue,
          {
            try await $0.changePassword(
              email: SandboxFixtures.userEmail(1), oldPassword: SandboxFixtures.userPassword,
              newPassword: "a-much-better-password")
          }
        ) { done($0.failure) }
      }),
    MarketCall(
      operation: "reset_password", endpoint: .resetPassword, needsSession: false,
      send: { market, backend async throws in
        #expect(try await market.resetPassword(email: SandboxFixtures.userEmail(1)).status == 1)
        #expect(backend.passwordResets == [SandboxFixtures.userEmail(1)])
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.resetPassword(email: SandboxFixtures.userEmail(1)) }) {
          done($0.failure)
        }
      }),
    MarketCall(
      operation: "request_otp", endpoint: .requestOTP, needsSession: false,
      send: { market, _ async throws in
        let otp = try await market.requestOTP(phoneNumber: "+306900000000")
        #expect(!otp.id.isEmpty && otp.expiresIn > 0)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.requestOTP(phoneNumber: "+306900000000") }) {
          done($0.failure)
        }
      }),
    MarketCall(
      operation: "add_card", endpoint: .addCard, needsSession: true,
      send: { market, _ async throws in #expect(try await market.addCard(card).last4 == "1111") },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.addCard(card) }) { done($0.failure) }
      }),
    MarketCall(
      operation: "get_cards", endpoint: .cards, needsSession: true,
      send: { market, _ async throws in _ = try await market.cards() },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.cards() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "delete_card", endpoint: .deleteCard, needsSession: true,
      send: { market, _ async throws in
        let added = try await market.addCard(card)
        #expect(try await market.deleteCard(token: added.token).status == 1)
        #expect(try await !market.cards().map(\.token).contains(added.token))
      },
      sendWithCallback: { market, _, queue, done in
        let added = try await market.addCard(card)
        market.run(on: queue, { try await $0.deleteCard(token: added.token) }) { done($0.failure) }
      }),
    MarketCall(
      operation: "transaction_history", endpoint: .transactions, needsSession: true,
      send: { market, _ async throws in
        _ = try await market.transactionHistory(productDetail: "full")
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.transactionHistory() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "points_history", endpoint: .pointsHistory, needsSession: true,
      send: { market, backend async throws in
        let history = try await market.pointsHistory()
        #expect(history.balanceIfSent == backend.user(email: SandboxFixtures.userEmail(1))?.points)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.pointsHistory() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "merchants", endpoint: .merchants, needsSession: false,
      send: { market, _ async throws in #expect(try await !market.merchants().isEmpty) },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.merchants() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "merchant_categories", endpoint: .merchantCategories, needsSession: false,
      send: { market, backend async throws in
        #expect(try await market.merchantCategories().count == backend.catalog.categories.count)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.merchantCategories() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "articles", endpoint: .articles, needsSession: false,
      send: { market, _ async throws in #expect(try await !market.articles().isEmpty) },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.articles() }) { done($0.failure) }
      }),
    MarketCall(
      operation: "market_pass_details", endpoint: .marketPass, needsSession: true,
      send: { market, _ async throws in
        #expect(try await market.marketPassDetails().barcode.count == 13)
      },
      sendWithCallback: { market, _, queue, done in
        market.run(on: queue, { try await $0.marketPassDetails() }) { done($0.failure) }
      }),
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
