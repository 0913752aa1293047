import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The coupon calls that check and change a coupon: `coupon.validate` and
/// `coupon.redeem`.
enum RedemptionHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "coupon", action: "validate"), endpoint: .validateCoupon, auth: .bearer,
      answer: .model("validation", keyed: false), handler: RedemptionHandlers.validate),
    SandboxRoute(
      .context(domain: "coupon", action: "redeem"), endpoint: .redeemCoupon, auth: .bearer,
      answer: .model("redemption", keyed: false), handler: RedemptionHandlers.redeem),
  ]

  private static let domain = CouponHandlers.domain

  /// `coupon.validate` `{"coupon": "<code>"}`: whether one of the user's coupons can be
  /// redeemed now.
  static func validate(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    guard let code = call.string("coupon") else { return .badField("coupon", "is required") }
    guard let coupon = user.coupons.first(where: { $0.code == code }) else {
      return .declined("Unknown coupon.", domain: domain)
    }
    var payload: [String: JSONValue] = [
      "coupon": CouponHandlers.json(coupon, call, language: call.language, details: [])
    ]
    if coupon.status != 1 {
      payload["valid"] = false
      payload["reason"] = "redeemed"
    } else if coupon.expiration <= call.now {
      payload["valid"] = false
      payload["reason"] = "expired"
    } else {
      payload["valid"] = true
    }
    return .context(domain, .object(payload))
  }

  /// `coupon.redeem` `{"product_uuid", "merchant_id", "product_id"?}`: redeems one of the
  /// user's active coupons of the coupon set `product_uuid` at `merchant_id`. The coupon
  /// turns to status 0 with a `redeemed_date`, and the set's `points` price leaves the
  /// user's balance, with a points entry and a transaction to show for it.
  static func redeem(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let userID = call.userID, var user = state.users[userID] else {
      return SandboxReply.invalidToken
    }
    guard let setUUID = call.string("product_uuid") else {
      return .badField("product_uuid", "is required")
    }
    guard let merchantID = call.string("merchant_id") else {
      return .badField("merchant_id", "is required")
    }
    guard let set = call.catalog.couponSet(uuid: setUUID) else {
      return .declined("Unknown product.", domain: domain)
    }
    guard let merchant = call.catalog.merchant(uuid: merchantID) else {
      return .declined("Unknown merchant.", domain: domain)
    }
    guard set.type == "universal" || set.shopAvailability.contains(merchant.uuid) else {
      return .declined("This coupon is not accepted at this merchant.", domain: domain)
    }
    let index: Int?
    if let code = call.string("product_id") {
      index = user.coupons.firstIndex { $0.code == code && $0.couponSetUUID == setUUID }
      guard let found = index else {
        return .declined("The user holds no such coupon.", domain: domain)
      }
      if user.coupons[found].status != 1 {
        return .declined("The coupon has already been redeemed.", domain: domain)
      }
      if user.coupons[found].expiration <= call.now {
        return .declined("The coupon has expired.", domain: domain)
      }
    } else {
      index = user.coupons.indices.filter {
        user.coupons[$0].couponSetUUID == setUUID && user.coupons[$0].isActive(at: call.now)
      }.min { user.coupons[$0].expiration < user.coupons[$1].expiration }
    }
    guard let index else {
      return .declined("No active coupon for this product.", domain: domain)
    }
    guard user.points >= set.points else {
      return .declined("Insufficient points.", domain: domain)
    }

    user.coupons[index].status = 0
    user.coupons[index].redeemedDate = call.now
    user.coupons[index].redeemedMerchantUUID = merchant.uuid
    user.coupons[index].redemptionKey = call.request.headers[IdempotencyKey.headerName]
    user.points -= set.points
    user.pointsHistory.append(
      SandboxPointsEntry(
        uuid: state.nextIdentifier("entry_"), date: call.now, points: -set.points,
        type: "redeem", description: "Redeemed \(set.name.english)", balance: user.points))
    user.transactions.append(
      SandboxTransaction(
        uuid: state.nextIdentifier("txn_"), date: call.now, type: "redemption",
        merchantUUID: merchant.uuid, merchantName: merchant.name, amountCents: set.savingsCents,
        points: -set.points, products: []))
    state.users[userID] = user
    return .context(
      domain,
      [
        "coupon": CouponHandlers.json(
          user.coupons[index], call, language: call.language, details: ["redemption"]),
        "points": .string(String(user.points)),
        "points_spent": .string(String(set.points)),
      ])
  }
}
