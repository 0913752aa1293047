public import LoyaltyCore
public import LoyaltyNetwork

extension Market {
  /// The user's coupons, active and redeemed, under the configured read policy
  /// (`cache.policy`, ``LoyaltyCore/ReadPolicy/networkFirst`` by default). ``state``
  /// keeps the active ones by expiration and the redeemed ones by redemption date; posts
  /// ``CouponsFetched``.
  public func coupons(language: String? = nil) async throws -> [Coupon] {
    try await coupons(language: language, policy: nil).value
  }

  /// The user's coupons under `policy`, with where they came from and when the server
  /// gave them. From the cache, a coupon expired since (on the server's clock) or
  /// redeemed through this SDK since is never active (``Coupon/localState``).
  public func coupons(language: String? = nil, policy: ReadPolicy?) async throws
    -> Answered<[Coupon]>
  {
    let language = language ?? defaultLanguage
    return try await call("coupons") {
      try await reading(
        "coupons", kind: "coupons", policy, language: language,
        rerun: { [weak self] policy, language in
          _ = try? await self?.coupons(language: language, policy: policy)
        }
      ) { [self] policy, ticket in
        let read = try await read(
          MarketEndpoints.userCoupons, language, kind: "coupons", policy: policy, ticket: ticket)
        return await localized(read, ticket: ticket)
      } landing: { [events] state, answered in
        let coupons = answered.value
        state.setCoupons(coupons)
        events?.post(
          CouponsFetched(
            active: coupons.filter(\.isActive).count,
            redeemed: coupons.filter(\.isRedeemed).count))
      }
    }
  }

  /// The user's universal coupons (accepted by any merchant).
  public func universalCoupons(language: String? = nil) async throws -> [Coupon] {
    try await perform(MarketEndpoints.universalCoupons, language ?? defaultLanguage)
  }

  /// Coupon sets, optionally only some or of some types, under the configured read
  /// policy.
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil
  ) async throws -> [CouponSet] {
    try await couponSets(language: language, uuids: uuids, types: types, policy: nil).value
  }

  /// Coupon sets under `policy`, with where they came from and when.
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil,
    policy: ReadPolicy?
  ) async throws -> Answered<[CouponSet]> {
    let language = language ?? defaultLanguage
    return try await call("coupon_sets") {
      try await reading(
        "coupon_sets", kind: "coupon_sets", policy, language: language,
        rerun: { [weak self] policy, language in
          _ = try? await self?.couponSets(
            language: language, uuids: uuids, types: types, policy: policy)
        }
      ) { [self] policy, ticket in
        try await read(
          MarketEndpoints.couponSets, (language, uuids, types), kind: "coupon_sets",
          policy: policy, ticket: ticket)
      } landing: { state, answered in
        state.setCouponSets(answered.value)
      }
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
  /// The redeemed coupon never shows as active from the cache afterwards, and the next
  /// read of the coupons, coupon sets, points, campaigns and profile asks the server.
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
    let redemption = try await perform(
      MarketEndpoints.redeemCoupon, (productUUID, merchantID, productID),
      idempotencyKey: idempotencyKey)
    await rememberRedeemed(redemption.coupon.code)
    return redemption
  }

  /// The supermarket coupons the user redeemed, and what they saved.
  public func redeemedSupermarketHistory(language: String? = nil) async throws
    -> RedeemedSupermarketHistory
  {
    try await perform(MarketEndpoints.redeemedSupermarketHistory, language ?? defaultLanguage)
  }
}
