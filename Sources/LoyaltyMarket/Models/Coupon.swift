#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A coupon the user holds: active or redeemed.
public struct Coupon: Sendable, Hashable, Decodable, Identifiable {
  /// The code.
  public let code: String
  /// The barcode, 13 digits.
  public let barcode: String
  /// The coupon set's id.
  public let couponSetUUID: String
  /// The set's name.
  public let name: String
  /// The set's discount; `nil` when the answer did not carry it.
  public let discountIfSent: Double?
  /// `discount`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use discountIfSent, nil when absent."
  )
  public var discount: Double { discountIfSent ?? 0 }
  /// `1` active, `0` redeemed; `nil` when the answer did not say (neither active nor
  /// redeemed is then known).
  public let statusIfSent: Int?
  /// `status`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use statusIfSent, nil when absent."
  )
  public var status: Int { statusIfSent ?? 0 }
  /// When it was issued.
  public let created: Date?
  /// When it expires.
  public let expiration: Date?
  /// When it was redeemed.
  public let redeemedDate: Date?
  /// The coupon set.
  public let couponSet: CouponSet?
  /// The set's merchant, when asked for.
  public let merchant: Merchant?
  /// Where it was redeemed.
  public let redemptionMerchantUUID: String?

  /// What the device knows of the coupon that the answer it was read from does not say:
  /// it expired, or was redeemed through this SDK, since the server answered. `nil` for
  /// a coupon as the server sent it (every coupon of a live answer).
  public internal(set) var localState: LocalState?

  /// What the device learned of a cached coupon since the server answered.
  public enum LocalState: String, Sendable, Hashable {
    /// Its expiration passed (on the server's clock) since the answer.
    case expired
    /// It was redeemed through this SDK since the answer.
    case redeemed
  }

  /// The coupon's id: its code.
  public var id: String { code }
  /// Whether it can still be used: status 1, and neither expired nor redeemed since the
  /// answer it was read from (``localState``).
  public var isActive: Bool { statusIfSent == 1 && localState == nil }
  /// Whether it was redeemed: status 0, or redeemed through this SDK since the answer.
  public var isRedeemed: Bool { statusIfSent == 0 || localState == .redeemed }

  /// Whether it is past its expiration at `now`.
  public func isExpired(at now: Date) -> Bool { expiration.map { $0 < now } ?? false }

  /// Decodes a coupon (the seed's `CouponItemModel` names; `_name` forms accepted too).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    code = try c.string("coupon", "_coupon")
    barcode = try c.string("barcode", "_barcode")
    couponSetUUID = try c.string("couponset_uuid", "_couponset_uuid")
    name = try c.string("name", "_name")
    discountIfSent = try c.expectedDouble("discount", "_discount")
    statusIfSent = try c.expectedInt("status", "_status")
    created = try c.date("created", "_created")
    expiration = try c.date("expiration", "_expiration")
    redeemedDate = try c.date("redeemed_date", "_redeemed_date")
    couponSet = try c.object(CouponSet.self, "couponset_data", "_couponset_data")
    merchant = try c.object(Merchant.self, "merchant_details", "_merchant_details")
    let redemption = try c.object([String: String?].self, "redemption")
    redemptionMerchantUUID = redemption?["merchant_uuid"] ?? nil
  }
}

/// The answer to validating a coupon.
public struct CouponValidation: Sendable, Hashable, Decodable {
  /// Whether the coupon can be redeemed: what the call exists for, so an answer
  /// without it fails the call rather than reading as "not valid".
  public let isValid: Bool
  /// Why not: `redeemed` or `expired`.
  public let reason: String?
  /// The coupon.
  public let coupon: Coupon?

  /// Decodes a validation answer.
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    guard let valid = try c.expectedBool("valid") else {
      throw FieldReader.Unusable(
        field: c.container.codingPath.driftPath(appending: "valid"), kind: .missing)
    }
    isValid = valid
    reason = try c.optionalString("reason")
    coupon = try c.object(Coupon.self, "coupon")
  }
}

/// The answer to redeeming a coupon.
public struct CouponRedemption: Sendable, Hashable, Decodable {
  /// The coupon, now redeemed.
  public let coupon: Coupon
  /// The user's balance after the redemption.
  public let pointsBalance: Int
  /// What the redemption cost; `nil` when the answer did not say.
  public let pointsSpentIfSent: Int?
  /// `pointsSpent`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use pointsSpentIfSent, nil when absent."
  )
  public var pointsSpent: Int { pointsSpentIfSent ?? 0 }

  /// Decodes a redemption. Without the coupon, its code or the balance after it the
  /// answer means nothing: decoding throws, and the call fails naming the field.
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    coupon = try c.requiredObject(Coupon.self, "coupon")
    guard !coupon.code.isEmpty else {
      throw FieldReader.Unusable(
        field: c.container.codingPath.driftPath(appending: "coupon.coupon"), kind: .missing)
    }
    pointsBalance = try c.requiredInt("points", "points_balance")
    pointsSpentIfSent = try c.expectedInt("points_spent")
  }
}

/// Supermarket coupons the user redeemed, and what they saved.
public struct RedeemedSupermarketHistory: Sendable, Hashable, Decodable {
  /// The total saved, in euros; `nil` when the answer did not carry it.
  public let totalRedeemedValueIfSent: Double?
  /// `totalRedeemedValue`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use totalRedeemedValueIfSent, nil when absent."
  )
  public var totalRedeemedValue: Double { totalRedeemedValueIfSent ?? 0 }
  /// The redeemed coupons, newest first.
  public let coupons: [Coupon]

  /// Decodes the history (the seed's `_totalRedeemedValue`, `_redeemedCouponList` too).
  public init(from decoder: any Decoder) throws {
    coupons = try PayloadList.decode(
      Coupon.self, "redeemed_coupons", aliases: ["redeemedCouponList", "_redeemedCouponList"],
      from: decoder
    ).stablySorted {
      ($0.redeemedDate ?? .distantPast) > ($1.redeemedDate ?? .distantPast)
    }
    // A backend that answers the list itself gives no total: absent, reported.
    if let c = try? FieldReader(decoder) {
      totalRedeemedValueIfSent = try c.expectedDouble(
        "total_redeemed_value", "totalRedeemedValue", "_totalRedeemedValue")
    } else {
      decoder.driftCollector?.record(
        decoder.codingPath.driftPath(appending: "total_redeemed_value"), .missing)
      totalRedeemedValueIfSent = nil
    }
  }
}
