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

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    id = try c.string("uuid")
    name = try c.string("name")
    description = try c.string("description")
    terms = try c.string("terms")
    imagePreview = try c.url("img_preview")
    expiration = try c.date("expiration")
    discount = try c.double("discount")
    discountType = try c.string("discount_type")
    finalPrice = try c.double("final_price")
    type = try c.string("couponset_type")
    merchantUUID = try c.string("merchant_uuid")
    shopAvailability = try c.strings("shop_availability")
    points = try c.int("points")
    isActive = try c.lenientBool(AnyKey("active")) ?? true
  }
}
