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
  /// Euros for `value` discounts, percent for `percentage` ones.
  public let discount: Double
  /// `value` or `percentage`.
  public let discountType: String
  /// The price after the discount, in euros.
  public let finalPrice: Double
  /// `standard`, `supermarket` or `universal`.
  public let type: String
  /// The merchant that issues it.
  public let merchantUUID: String
  /// The merchants that accept it.
  public let shopAvailability: [String]
  /// What redeeming one of its coupons costs, in points.
  public let points: Int
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
    discount = try c.double("discount", "_discount")
    discountType = try c.string("discount_type", "_discount_type")
    finalPrice = try c.double("final_price", "_final_price")
    type = try c.string("couponset_type", "_couponset_type")
    merchantUUID = try c.string("merchant_uuid", "_merchant_uuid")
    shopAvailability = try c.strings("shop_availability", "_shop_availability")
    points = try c.int("points", "_points")
    isActive = try c.optionalBool("active", "_active") ?? true
  }
}
