import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `consumer_data.get_market_pass_details`: the user's supermarket pass.
enum MarketHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    // `supermarkets` is a field of the pass, not the answer's list.
    SandboxRoute(
      .context(domain: "consumer_data", action: "get_market_pass_details"), endpoint: .marketPass,
      auth: .bearer, answer: .model("market_pass", keyed: false), handler: MarketHandlers.marketPass
    )
  ]

  static func marketPass(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    var saved = 0
    var available = 0
    for coupon in user.coupons {
      guard let set = call.catalog.couponSet(uuid: coupon.couponSetUUID), set.type == "supermarket"
      else { continue }
      if coupon.status == 0 {
        saved += set.savingsCents
      } else if coupon.isActive(at: call.now) {
        available += 1
      }
    }
    let supermarket = call.catalog.categories.first?.uuid
    let supermarkets = call.catalog.merchants.filter {
      $0.categoryUUID == supermarket && $0.parentUUID == nil
    }
    return .result([
      "pass_uuid": .string(user.id),
      "barcode": .string(user.marketPassBarcode),
      "barcode_type": "EAN13",
      "status": "active",
      "total_discount": .string(Money.format(cents: saved)),
      "available_coupons": .integer(available),
      "valid_until": .string(
        SandboxDate.format(user.memberSince.addingTimeInterval(5 * 365 * 86_400), .minutes)),
      "supermarkets": .array(supermarkets.map { .string($0.uuid) }),
      "map_url": "https://maps.sandbox.loyalty.test/supermarkets",
    ])
  }
}
