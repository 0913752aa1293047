import LoyaltyCore

/// The coupon calls that read: availability, coupon sets, the user's coupons and the
/// redeemed supermarket history.
enum CouponHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    // Counts by coupon set: an object, not a list.
    SandboxRoute(
      .context(domain: "coupon", action: "availability"), endpoint: .couponAvailability,
      auth: .standard, answer: .object, handler: CouponHandlers.availability),
    SandboxRoute(
      .context(domain: "coupon", action: "retrieve_multilingual"), endpoint: .couponSets,
      auth: .standard, answer: .list("couponsets"), handler: CouponHandlers.couponSets),
    SandboxRoute(
      .context(domain: "coupon", action: "user_coupons"), endpoint: .coupons, auth: .bearer,
      answer: .list("coupons"), handler: CouponHandlers.userCoupons),
    SandboxRoute(
      .context(domain: "coupon", action: "redeemed_supermarket_history"),
      endpoint: .redeemedSupermarketHistory, auth: .bearer, answer: .list("redeemed_coupons"),
      handler: CouponHandlers.redeemedSupermarketHistory),
  ]

  static let domain = "MAPP_COUPON"

  /// `coupon.availability`, standard context: coupons left per coupon set.
  static func availability(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let wanted = call.strings("couponsets").map(Set.init)
    var counts: [String: JSONValue] = [:]
    for set in call.catalog.couponSets where wanted?.contains(set.uuid) ?? true {
      counts[set.uuid] = .integer(set.availability)
    }
    return .context(domain, ["availability": .object(counts)])
  }

  /// `coupon.retrieve_multilingual`, standard context: the coupon sets.
  static func couponSets(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let uuids = call.strings("uuids").map(Set.init)
    let types = call.strings("couponset_types").map(Set.init)
    let language = call.language
    let sets = call.catalog.couponSets.filter {
      (uuids?.contains($0.uuid) ?? true) && (types?.contains($0.type) ?? true)
    }
    return .context(domain, ["couponsets": .array(sets.map { $0.json(language: language) })])
  }

  /// `coupon.user_coupons`, authenticated context: the user's coupons, active and
  /// redeemed.
  static func userCoupons(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    let details = Set(call.strings("details") ?? [])
    let types = call.strings("couponset_types").map(Set.init)
    let language = call.language
    let coupons = user.coupons.compactMap { coupon -> JSONValue? in
      let set = call.catalog.couponSet(uuid: coupon.couponSetUUID)
      if let types, !types.contains(set?.type ?? "") { return nil }
      return json(coupon, call, language: language, details: details)
    }
    return .context(domain, ["coupons": .array(coupons)])
  }

  /// `coupon.redeemed_supermarket_history`, authenticated context.
  static func redeemedSupermarketHistory(_ call: SandboxCall, _ state: inout SandboxState)
    -> SandboxReply
  {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    let language = call.language
    var total = 0
    var coupons: [JSONValue] = []
    for coupon in user.coupons where coupon.status == 0 {
      guard let set = call.catalog.couponSet(uuid: coupon.couponSetUUID), set.type == "supermarket"
      else { continue }
      total += set.savingsCents
      coupons.append(json(coupon, call, language: language, details: ["redemption"]))
    }
    return .context(
      domain,
      [
        "total_redeemed_value": .string(Money.format(cents: total)),
        "redeemed_coupons": .array(coupons),
      ])
  }

  static func json(
    _ coupon: SandboxCoupon, _ call: SandboxCall, language: String, details: Set<String>
  ) -> JSONValue {
    let set = call.catalog.couponSet(uuid: coupon.couponSetUUID)
    let merchant = set.flatMap { call.catalog.merchant(uuid: $0.merchantUUID) }
    return coupon.json(language: language, couponSet: set, merchant: merchant, details: details)
  }
}
