import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: coupons, coupon sets, redemption")
struct CouponTests {
  @Test("coupon sets and their availability")
  func couponSets() async throws {
    let harness = SandboxHarness()
    let sets = try await harness.client.send(TestEndpoints.couponSets())
      .list("MAPP_COUPON", "couponsets")
    #expect(sets.count == 12)
    let set = try #require(sets.first)
    #expect(set["expiration"]?.stringValue?.count == 16)  // yyyy-MM-dd HH:mm
    #expect(set["discount"]?.stringValue?.contains(".") == true)
    #expect(set["final_price"]?.looseDouble != nil)
    let availability = try await harness.client.send(TestEndpoints.availability())
    let counts = try #require(availability["MAPP_COUPON"]?["availability"]?.objectValue)
    #expect(counts.count == 12)
    #expect(counts.values.allSatisfy { $0.intValue != nil })
  }

  @Test("the user's coupons, active and redeemed, with merchant and redemption details")
  func userCoupons() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let coupons = try await harness.client.send(TestEndpoints.coupons())
      .list("MAPP_COUPON", "coupons")
    #expect(coupons.count == 8)
    #expect(coupons.contains { $0["status"] == 1 })
    #expect(coupons.contains { $0["status"] == 0 && $0["redeemed_date"]?.stringValue != nil })
    #expect(coupons.allSatisfy { $0["merchant_details"] != nil && $0["couponset_data"] != nil })
  }

  @Test("redeeming turns the coupon to status 0 with a date and spends the set's points")
  func redeem() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
    let coupon = try #require(user.coupons.first { $0.isActive(at: harness.clock.now) })
    let set = try #require(harness.backend.catalog.couponSet(uuid: coupon.couponSetUUID))
    let merchant = try #require(set.shopAvailability.first)

    let valid = try await harness.client.send(TestEndpoints.validate(coupon.code))
    #expect(valid["MAPP_COUPON"]?["valid"] == true)

    let response = try await harness.client.send(
      TestEndpoints.redeem(couponSet: set.uuid, merchant: merchant, code: coupon.code))
    #expect(response["MAPP_COUPON"]?["coupon"]?["status"] == 0)
    #expect(response["MAPP_COUPON"]?["points"] == .string(String(user.points - set.points)))

    let after = try #require(harness.backend.user(email: "user1@sandbox.test"))
    let redeemed = try #require(after.coupons.first { $0.code == coupon.code })
    #expect(redeemed.status == 0)
    #expect(redeemed.redeemedDate == harness.clock.now)
    #expect(after.points == user.points - set.points)
    #expect(after.pointsHistory.last?.points == -set.points)
    #expect(after.transactions.last?.type == "redemption")

    let listed = try await harness.client.send(TestEndpoints.coupons())
      .list("MAPP_COUPON", "coupons").first { $0["coupon"] == .string(coupon.code) }
    #expect(listed?["status"] == 0)
    #expect(listed?["redemption"]?["merchant_uuid"] == .string(merchant))

    // Twice is refused, with the domain's status.
    let again = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.redeem(couponSet: set.uuid, merchant: merchant, code: coupon.code))
    }
    #expect(again.code == .serverStatus)
    let revalidated = try await harness.client.send(TestEndpoints.validate(coupon.code))
    #expect(revalidated["MAPP_COUPON"]?["valid"] == false)
    #expect(revalidated["MAPP_COUPON"]?["reason"] == "redeemed")
  }

  @Test("a redemption the balance cannot cover changes nothing")
  func insufficientPoints() async throws {
    let harness = SandboxHarness(fixtures: SandboxFixtures(seed: 3, pointsEntriesPerUser: 0))
    try await harness.login()
    let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
    #expect(user.points == 0)
    let target = user.coupons.first { coupon in
      coupon.isActive(at: harness.clock.now)
        && (harness.backend.catalog.couponSet(uuid: coupon.couponSetUUID)?.points ?? 0) > 0
    }
    let coupon = try #require(target)
    let set = try #require(harness.backend.catalog.couponSet(uuid: coupon.couponSetUUID))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.redeem(
          couponSet: set.uuid, merchant: set.shopAvailability[0], code: coupon.code))
    }
    #expect(error.code == .serverStatus)
    #expect(error.message.contains("Insufficient points"))
    #expect(harness.backend.user(email: "user1@sandbox.test")?.coupons == user.coupons)
  }

  @Test("redeemed supermarket history and the market pass")
  func supermarket() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let history = try await harness.client.send(
      TestEndpoints.authenticated(
        "redeemedSM", "coupon", ["action": "redeemed_supermarket_history", "language": "en"],
        check: .domain("MAPP_COUPON")))
    #expect(history["MAPP_COUPON"]?["total_redeemed_value"]?.looseDouble != nil)
    #expect(history["MAPP_COUPON"]?["redeemed_coupons"]?.arrayValue != nil)
    let pass = try await harness.client.send(TestEndpoints.consumer("get_market_pass_details"))
    #expect(pass["result"]?["barcode"]?.stringValue?.count == 13)
    #expect(pass["result"]?["total_discount"] == history["MAPP_COUPON"]?["total_redeemed_value"])
  }
}
