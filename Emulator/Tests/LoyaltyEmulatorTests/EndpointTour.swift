import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import Testing

/// Every call of the SDK, made once over HTTP against the emulator: through the SDK's
/// own API where it has one (the market, the session, the push center), as a raw
/// endpoint from `Calls` where it has none (analytics batches).
enum EndpointTour {
  static let password = "e2e-password-1"

  static func run(_ harness: EmulatorHarness) async throws {
    let market = try harness.client.market
    let session = try harness.network.session
    let backend = harness.backend

    // Standard context and the single campaign, anonymous.
    let campaigns = try await market.campaigns(language: "en")
    #expect(!campaigns.isEmpty)
    let sessionUUID = try #require(backend.catalog.campaigns.first?.sessionUUID)
    #expect(try await market.singleCampaign(sessionUUID: sessionUUID).sessionUUID == sessionUUID)
    _ = try await market.supermarketCampaign()
    let sets = try await market.couponSets()
    #expect(!sets.isEmpty)
    _ = try await market.availableCoupons(couponSets: sets.prefix(3).map(\.id))
    #expect(try await !market.merchants().isEmpty)
    #expect(try await !market.merchantCategories().isEmpty)
    #expect(try await !market.articles().isEmpty)

    // User management.
    let email = "tour-\(UUID().uuidString.prefix(8).lowercased())@sandbox.test"
    let registered = try await market.register(
      email: email, password: password, firstName: "Tour", lastName: "Guide")
    #expect(backend.user(email: email)?.id == registered.id)
    #expect(try await market.resetPassword(email: email).status == 1)
    #expect(
      try await market.changePassword(
        email: email, oldPassword: password, newPassword: "e2e-password-2"
      ).status == 1)
    #expect(try await !market.requestOTP(phoneNumber: "+306900000001").id.isEmpty)

    // Logins: email, partner ticket, partner user by GUID; and a refresh.
    try await session.loginWithEmail(SandboxFixtures.userEmail(1))
    #expect(await session.isLoggedIn)
    _ = try await session.refresh()

    // The authenticated context.
    #expect(try await !market.personalizedCampaigns().isEmpty)
    _ = try await market.campaigns()
    let coupons = try await market.coupons()
    #expect(!coupons.isEmpty)
    _ = try await market.universalCoupons()
    let user = try #require(backend.user(email: SandboxFixtures.userEmail(1)))
    let coupon = try #require(
      user.coupons.first { coupon in
        coupon.isActive(at: Date())
          && backend.catalog.couponSet(uuid: coupon.couponSetUUID).map {
            !$0.shopAvailability.isEmpty && $0.points <= user.points
          } ?? false
      })
    let set = try #require(backend.catalog.couponSet(uuid: coupon.couponSetUUID))
    #expect(try await market.validateCoupon(coupon.code).isValid)
    let redemption = try await market.redeemCoupon(
      productID: coupon.code, productUUID: set.uuid, merchantID: set.shopAvailability[0])
    #expect(redemption.coupon.isRedeemed == true)
    _ = try await market.redeemedSupermarketHistory()
    #expect(try await market.profile().email == SandboxFixtures.userEmail(1))
    let card = try await market.addCard(
      NewCard(
        number: "4111 1111 1111 1111", issuer: "VISA", holder: "Maria P.",
        expirationMonth: "12", expirationYear: "2031"))
    #expect(try await market.cards().contains { $0.token == card.token })
    #expect(try await market.deleteCard(token: card.token).status == 1)
    _ = try await market.transactionHistory(productDetail: "full")
    _ = try await market.pointsHistory()
    #expect(try await market.marketPassDetails().barcode.count == 13)
    await session.logout()
    #expect(await !session.isLoggedIn)

    let guid = "E2E-GUID-\(UUID().uuidString.prefix(6))"
    try await session.verifyTicket(guid: guid, ticket: backend.issueTicket(guid: guid))
    #expect(await session.isLoggedIn)
    await session.logout()
    try await session.loginPartnerUser(
      guid: guid, username: backend.configuration.partnerUsername,
      password: backend.configuration.partnerPassword)
    #expect(await session.isLoggedIn)
    await session.logout()

    // Device info through the push center, analytics as a raw batch.
    try await harness.client.push.updateDeviceToken("e2e-push-token")
    #expect(backend.counters.requests(to: .deviceInfo) >= 1)
    let batch = try await harness.network.send(Calls.analytics(["tour-1"]))
    #expect(batch["accepted"] == 1)

    try await location(harness)
    try await runFlows(harness)
    try await runDirectory(harness)
  }
}
