#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A coupon set: the offer behind a coupon campaign.
public struct CouponSet: Sendable, Hashable, Decodable, Identifiable {
  /// The set's id.
  public let id: String
  /// The name, in the requested language.
  public let name: String
  /// The description.
  public let description: String
  /// The terms.
  public let terms: String
  /// The preview image.
  public let imagePreview: URL?
  /// When its coupons expire (`yyyy-MM-dd HH:mm`).
  public let expiration: Date?
  /// Euros for `value` discounts, percent for `percentage` ones; `nil` when the answer
  /// did not carry it.
  public let discountIfSent: Double?
  /// `discount`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use discountIfSent, nil when absent."
  )
  public var discount: Double { discountIfSent ?? 0 }
  /// `value` or `percentage`.
  public let discountType: String
  /// The price after the discount, in euros; `nil` when the answer did not carry it.
  public let finalPriceIfSent: Double?
  /// `finalPrice`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use finalPriceIfSent, nil when absent."
  )
  public var finalPrice: Double { finalPriceIfSent ?? 0 }
  /// `standard`, `supermarket` or `universal`.
  public let type: String
  /// The merchant that issues it.
  public let merchantUUID: String
  /// The merchants that accept it.
  public let shopAvailability: [String]
  /// What redeeming one of its coupons costs, in points; `nil` when the answer did not
  /// carry it.
  public let pointsIfSent: Int?
  /// `points`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use pointsIfSent, nil when absent."
  )
  public var points: Int { pointsIfSent ?? 0 }
  /// Whether it is active.
  public let isActive: Bool

  /// Decodes a coupon set (the seed's `CouponSetItemModel` names, `_uuid`, `_name`, ...,
  /// accepted too).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("uuid", "_uuid")
    name = try c.string("name", "_name")
    description = try c.string("description", "_description")
    terms = try c.string("terms", "_terms")
    imagePreview = try c.url("img_preview", "_img_preview")
    expiration = try c.date("expiration", "_expiration")
    discountIfSent = try c.expectedDouble("discount", "_discount")
    discountType = try c.string("discount_type", "_discount_type")
    finalPriceIfSent = try c.expectedDouble("final_price", "_final_price")
    type = try c.string("couponset_type", "_couponset_type")
    merchantUUID = try c.string("merchant_uuid", "_merchant_uuid")
    shopAvailability = try c.strings("shop_availability", "_shop_availability")
    pointsIfSent = try c.expectedInt("points", "_points")
    isActive = try c.optionalBool("active", "_active") ?? true
  }
}
