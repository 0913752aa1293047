import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// With every feature off from the first start, the backend sees the host's own calls
/// and nothing else; analytics turned on later uploads only what is tracked after.
@Suite("Opt-in: every feature off from the first start")
struct OptInSessionTests {
  @Test(
    "login, campaigns, coupons and a redemption send exactly those requests",
    .timeLimit(.minutes(TestTime.minutes(3))))
  func onlyTheHostsCalls() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration(enabled: []))
    #expect(try await client.privacy.enabledFeatures() == [])
    #expect(try await client.privacy.hasUserChoice() == false)

    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    let market = try client.market
    _ = try await market.campaigns()
    let coupons = try await market.coupons()
    let balance = try #require(await market.profile().pointsIfSent)
    let now = Date()
    let candidate = try #require(
      coupons.first { coupon in
        !coupon.isRedeemed && !coupon.isExpired(at: now)
          && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
          && (coupon.couponSet?.pointsIfSent ?? .max) <= balance
      }, "user 1 holds a redeemable coupon")
    let merchant = try #require(candidate.couponSet?.shopAvailability.first)
    let redemption = try await market.redeemCoupon(
      productID: candidate.code, productUUID: candidate.couponSetUUID, merchantID: merchant)
    #expect(redemption.coupon.isRedeemed)

    // What the SDK would record or send by itself, with the features off: nothing.
    let analytics = try client.analytics
    _ = try await analytics.track("host_tapped_banner", parameters: ["banner": "b-1"])
    await analytics.flush()
    let location = try client.location
    let fix = try await location.update(
      LocationUpdate(
        latitude: 37.9755, longitude: 23.7348, horizontalAccuracy: 10, timestamp: Date()))
    #expect(fix.ignored == .disabledByPrivacy)
    try await client.push.updateDeviceToken("push-token-0001")
    #expect(try await client.push.deviceToken() == nil)
    #expect(try await client.deviceRegistration.lastOutcome == nil)
    let statistics = await analytics.currentStatistics()
    #expect(statistics.pending == 0)
    #expect(statistics.droppedByPrivacy >= 1)

    // Shutting down flushes analytics once more: still nothing to send.
    let beforeShutdown = harness.loopback.endpoints
    await client.shutdown()
    #expect(harness.loopback.endpoints == beforeShutdown)
    #expect(
      beforeShutdown == [
        .emailLogin, .campaigns, .personalizedCampaigns, .couponAvailability, .coupons,
        .profile, .redeemCoupon,
      ], "\(harness.loopback.requestLines)")
    #expect(harness.uploadedEventNames.isEmpty)
  }

  @Test(
    "analytics turned on afterwards uploads only the events tracked after that",
    .timeLimit(.minutes(TestTime.minutes(3))))
  func consentGivenLater() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration(enabled: []))
    let analytics = try client.analytics
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    _ = try await client.market.campaigns()
    _ = try await analytics.track("before_consent")

    let change = try await client.privacy.enable(.analytics)
    #expect(change.enabled == .analytics)
    #expect(try await client.privacy.hasUserChoice())
    _ = try await analytics.track("after_consent", parameters: ["step": "1"])
    await analytics.flush()
    await client.shutdown()

    #expect(harness.uploadedEventNames == ["after_consent"])
    #expect(harness.loopback.endpoints.filter { $0 == .analytics }.count == 1)
    #expect(!harness.loopback.endpoints.contains(.deviceInfo))
  }
}
