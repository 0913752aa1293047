public import LoyaltyCore

/// The market's section of ``LoyaltyCore/LoyaltyClient/exportData()``.
extension MarketModule {
  /// The user's coupons as the market last fetched them (kept in memory only); the
  /// market keeps no profile on the device.
  public func exportData(_ market: Market, context: ModuleContext) async -> JSONValue? {
    let active = await market.state.activeCoupons
    let redeemed = await market.state.redeemedCoupons
    guard !active.isEmpty || !redeemed.isEmpty else { return nil }
    func describe(_ coupon: Coupon) -> JSONValue {
      .object([
        "code": .string(coupon.code), "name": .string(coupon.name),
        "couponSetUUID": .string(coupon.couponSetUUID),
        "expiration": coupon.expiration.map(JSONValue.exportDate) ?? .null,
        "redeemedDate": coupon.redeemedDate.map(JSONValue.exportDate) ?? .null,
      ])
    }
    return .object([
      "activeCoupons": .array(active.map(describe)),
      "redeemedCoupons": .array(redeemed.map(describe)),
    ])
  }
}
