import LoyaltyCore
public import LoyaltyNetwork

extension Market {
  /// The user's coupons, active and redeemed. ``state`` keeps the active ones by
  /// expiration and the redeemed ones by redemption date; posts ``CouponsFetched``.
  public func coupons(language: String? = nil) async throws -> [Coupon] {
    let language = language ?? defaultLanguage
    return try await call("coupons") {
      let coupons = try await send(MarketEndpoints.userCoupons, language)
      await state.setCoupons(coupons)
      events?.post(
        CouponsFetched(
          active: coupons.filter(\.isActive).count, redeemed: coupons.filter(\.isRedeemed).count))
      return coupons
    }
  }

  /// The user's universal coupons (accepted by any merchant).
  public func universalCoupons(language: String? = nil) async throws -> [Coupon] {
    try await perform(MarketEndpoints.universalCoupons, language ?? defaultLanguage)
  }

  /// Coupon sets, optionally only some or of some types.
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil
  ) async throws -> [CouponSet] {
    let language = language ?? defaultLanguage
    return try await call("coupon_sets") {
      let sets = try await send(MarketEndpoints.couponSets, (language, uuids, types))
      await state.setCouponSets(sets)
      return sets
    }
  }

  /// Coupons left per coupon set.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decodingFailed`` (field `availability`)
  ///   when the answer carries no numbers it can read.
  public func availableCoupons(couponSets: [String]? = nil) async throws -> [String: Int] {
    try await call("available_coupons") {
      guard let counts = try await send(MarketEndpoints.availability, couponSets) else {
        throw MarketDecoding.unusable(
          call: "available_coupons", field: "\(CouponDomain.member).availability",
          kind: .unexpectedShape)
      }
      return counts
    }
  }

  /// Checks whether a coupon can be redeemed.
  public func validateCoupon(_ code: String) async throws -> CouponValidation {
    try await perform(MarketEndpoints.validateCoupon, code)
  }

  /// Redeems a coupon of the set `productUUID` at `merchantID`; `productID` picks a
  /// coupon (else the one expiring first).
  ///
  /// Not sent again by the SDK once it may have reached the server: a server error is
  /// returned, and a connection lost after sending ends with
  /// ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``, whose
  /// ``LoyaltyNetwork/IdempotencyKey`` redeems at most once when passed back here.
  /// - Parameters:
  ///   - productID: The coupon's product id, when the backend lists one.
  ///   - productUUID: The coupon's product UUID.
  ///   - merchantID: The merchant where the coupon is redeemed.
  ///   - idempotencyKey: The key of an earlier attempt of this redemption; a new one when
  ///     `nil`.
  public func redeemCoupon(
    productID: String? = nil, productUUID: String, merchantID: String,
    idempotencyKey: IdempotencyKey? = nil
  ) async throws -> CouponRedemption {
    try await perform(
      MarketEndpoints.redeemCoupon, (productUUID, merchantID, productID),
      idempotencyKey: idempotencyKey)
  }

  /// The supermarket coupons the user redeemed, and what they saved.
  public func redeemedSupermarketHistory(language: String? = nil) async throws
    -> RedeemedSupermarketHistory
  {
    try await perform(MarketEndpoints.redeemedSupermarketHistory, language ?? defaultLanguage)
  }
}
