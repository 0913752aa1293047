import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Synchronization
import Testing

/// Every test runs twice: with the answers' members inside `context` (the backend's
/// shape) and at the top level.
@Suite("Market against the sandbox, in both envelope shapes")
struct MarketSandboxTests {
  @Test(
    "anonymous campaigns: basic only, unfiltered; logged in: the full pipeline",
    arguments: SandboxEnvelope.allCases)
  func campaigns(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market

    let anonymous = try await market.campaigns()
    #expect(!anonymous.isEmpty)
    #expect((harness.backend.counters.requests[.personalizedCampaigns] ?? 0) == 0)
    #expect(anonymous.map(\.sorting) == anonymous.map(\.sorting).sorted())

    try await harness.login()
    let listed = try await market.campaigns()
    #expect((harness.backend.counters.requests[.personalizedCampaigns] ?? 0) == 1)
    #expect(listed.allSatisfy { !$0.isHiddenFromLists && !$0.isCarousel })
    #expect(listed.allSatisfy { $0.couponAvailability != 0 })
    #expect(listed.map(\.sorting) == listed.map(\.sorting).sorted())
    let all = await market.state.allCampaigns
    #expect(all.count >= listed.count)
    #expect(await market.state.carousel.allSatisfy { $0.isCarousel })
    #expect(harness.sink.events(of: CampaignsRetrieved.self).last?.count == listed.count)

    let one = try #require(all.first)
    let single = try await market.singleCampaign(sessionUUID: one.sessionUUID)
    #expect(single.sessionUUID == one.sessionUUID)
    #expect(try await !market.personalizedCampaigns().isEmpty)
    let names = try await harness.analyticsNames()
    #expect(names.contains("custom_success_campaigns_loyalty"))
    #expect(names.contains("custom_success_single_campaign_loyalty"))
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test(
    "coupons, sets and availability; redeeming changes status and points once",
    arguments: SandboxEnvelope.allCases)
  func couponsAndRedemption(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    try await harness.login()

    let coupons = try await market.coupons()
    #expect(!coupons.isEmpty)
    let active = await market.state.activeCoupons
    #expect(active.allSatisfy { $0.isActive })
    #expect(active.compactMap(\.expiration) == active.compactMap(\.expiration).sorted())
    let redeemed = await market.state.redeemedCoupons
    #expect(
      redeemed.compactMap(\.redeemedDate) == redeemed.compactMap(\.redeemedDate).sorted(by: >))
    #expect(harness.sink.events(of: CouponsFetched.self).count == 1)

    let sets = try await market.couponSets()
    #expect(!sets.isEmpty)
    let availability = try await market.availableCoupons(couponSets: sets.map(\.id))
    #expect(Set(availability.keys).isSubset(of: Set(sets.map(\.id))))

    let before = try #require(await market.profile().pointsIfSent)
    let now = Date()
    let candidate = try #require(
      active.first { coupon in
        !coupon.isExpired(at: now) && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
          && (coupon.couponSet?.pointsIfSent ?? .max) <= before
      }, "user 1 holds a redeemable coupon")
    let merchant = try #require(candidate.couponSet?.shopAvailability.first)
    let validation = try await market.validateCoupon(candidate.code)
    #expect(validation.isValid)

    let redemption = try await market.redeemCoupon(
      productID: candidate.code, productUUID: candidate.couponSetUUID, merchantID: merchant)
    #expect(redemption.coupon.isRedeemed)
    #expect(redemption.pointsBalance == before - (redemption.pointsSpentIfSent ?? 0))
    #expect(try await market.profile().pointsIfSent == redemption.pointsBalance)
    let after = try await market.coupons()
    #expect(after.first { $0.code == candidate.code }?.isRedeemed == true)

    let again = try await #require(throws: LoyaltyError.self) {
      _ = try await market.redeemCoupon(
        productID: candidate.code, productUUID: candidate.couponSetUUID, merchantID: merchant)
    }
    #expect(again.code == .serverStatus)
    #expect(try await harness.analyticsNames().contains("custom_error_redeem_coupon_loyalty"))
    #expect(try await !market.universalCoupons().contains { $0.couponSet?.type == "standard" })
    _ = try await market.redeemedSupermarketHistory()
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test(
    "profile, cards, transactions, points history, market pass", arguments: SandboxEnvelope.allCases
  )
  func userData(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    try await harness.login(2)

    let profile = try await market.profile()
    #expect(profile.email == SandboxFixtures.userEmail(2))

    let card = try await market.addCard(
      NewCard(
        number: "4111 1111 1111 1111", issuer: "VISA", holder: "Maria P.",
        expirationMonth: "12", expirationYear: "2031"))
    #expect(card.last4 == "1111")
    #expect(!card.maskedNumber.contains("4111 1111"))
    #expect(try await market.cards().map(\.token).contains(card.token))
    _ = try await market.deleteCard(token: card.token)
    #expect(try await !market.cards().map(\.token).contains(card.token))

    let transactions = try await market.transactionHistory(productDetail: "full")
    #expect(transactions.compactMap(\.date) == transactions.compactMap(\.date).sorted(by: >))
    let history = try await market.pointsHistory()
    #expect(history.entries.compactMap(\.date) == history.entries.compactMap(\.date).sorted(by: >))
    #expect(history.balanceIfSent == profile.pointsIfSent)

    let pass = try await market.marketPassDetails()
    #expect(pass.barcode.count == 13)
    #expect(await market.state.marketPass == pass)
    #expect(harness.sink.names.contains(MarketPassDetailsFetched.eventName))
    #expect(
      await market.marketPassMapURL() == pass.mapURL
        ?? harness.client.configuration.baseURL.appendingPathComponent("map"))
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test("merchants with filters, categories and articles", arguments: SandboxEnvelope.allCases)
  func merchantsAndContent(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    let all = try await market.merchants()
    #expect(!all.isEmpty)
    #expect(await market.state.merchants.count == all.count)

    let near = try await market.merchants(
      filters: MerchantFilters(center: (latitude: 37.9755, longitude: 23.7348), distance: 50))
    let distances = near.compactMap(\.distance)
    #expect(distances.count == near.count)
    #expect(distances == distances.sorted())
    #expect(distances.allSatisfy { $0 <= 50 })

    let categories = try await market.merchantCategories()
    let category = try #require(categories.first)
    let inCategory = try await market.merchants(filters: MerchantFilters(categories: [category.id]))
    #expect(inCategory.allSatisfy { $0.category == category.id })

    let first = try #require(all.first)
    #expect(
      try await market.merchants(filters: MerchantFilters(uuid: first.id)).map(\.id) == [first.id])

    let articles = try await market.articles()
    #expect(articles.map(\.sorting) == articles.map(\.sorting).sorted())
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test("password, reset and OTP calls", arguments: SandboxEnvelope.allCases)
  func userManagement(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    let reset = try await market.resetPassword(email: SandboxFixtures.userEmail(1))
    #expect(reset.status == 1)
    let changed = try await market.changePassword(
      email: SandboxFixtures.userEmail(1), oldPassword: SandboxFixtures.userPassword,
      newPassword: "a-much-better-password")
    #expect(changed.status == 1)
    let otp = try await market.requestOTP(phoneNumber: "+306900000000")
    #expect(!otp.id.isEmpty)
    let declined = try await #require(throws: LoyaltyError.self) {
      _ = try await market.changePassword(
        email: SandboxFixtures.userEmail(1), oldPassword: "wrong-password",
        newPassword: "another-password")
    }
    #expect(declined.code == .serverStatus)
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test(
    "callback variants deliver on the host's queue through the shared bridge",
    arguments: SandboxEnvelope.allCases)
  func callbacks(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    let queue = DispatchQueue(label: "host.callbacks")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let result: Result<[Campaign], LoyaltyError> = await withCheckedContinuation { continuation in
      market.run(on: queue, { try await $0.campaigns() }) { result in
        #expect(DispatchQueue.getSpecific(key: key) == true)
        continuation.resume(returning: result)
      }
    }
    #expect(try !result.get().isEmpty)

    let failure: Result<Profile, LoyaltyError> = await withCheckedContinuation { continuation in
      market.run(on: queue, { try await $0.profile() }) { continuation.resume(returning: $0) }
    }
    if case .failure(let error) = failure {
      #expect(error.code == .notAuthenticated)
    } else {
      Issue.record("profile without a session succeeded")
    }
    #expect(market.drift.snapshot().entries.isEmpty, "\(market.drift.snapshot())")
    await harness.client.shutdown()
  }

  @Test(
    "a malformed or truncated answer is a typed error, never a crash",
    arguments: SandboxEnvelope.allCases)
  func badAnswers(envelope: SandboxEnvelope) async throws {
    let harness = try await MarketHarness.start(envelope: envelope)
    let market = try harness.client.market
    for fault in [SandboxFault.malformedBody, .truncatedBody] {
      harness.backend.failNext(1, with: fault, on: .endpoint(.campaigns))
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await market.campaigns()
      }
      #expect([.invalidResponse, .decodingFailed].contains(error.code), "\(error)")
    }
    await harness.client.shutdown()
  }

  @Test("URL helpers build campaign, CCMS and parameter values")
  func urls() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    let campaign = Campaign(sessionUUID: "abc")
    #expect(
      market.campaignURL(for: campaign).absoluteString == "https://loyalty.test/api/session/abc")
    let offer = ContextualOffer(loyaltyCampaignID: "l", offerName: "o", sessionID: "s 1")
    #expect(market.ccmsURL(for: offer).absoluteString == "https://loyalty.test/api/session/s%201")
    try await harness.login()
    let parameters = try JSONValue(
      parsing: Data(try await market.campaignParameters(for: campaign).utf8))
    #expect(parameters["session_uuid"] == "abc")
    #expect(parameters["access_token"]?.stringValue?.isEmpty == false)
    await market.setCCMSOffers([offer])
    await market.setSeasonals([SeasonalPackage(id: "x", title: "Winter", campaignSessionUUIDs: [])])
    #expect(harness.sink.names.contains(CCMSRetrieved.eventName))
    #expect(harness.sink.names.contains(SeasonalsRetrieved.eventName))
    await harness.client.shutdown()
  }
}
