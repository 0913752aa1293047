import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A coupon set (a product users hold coupons of), as `MAPP_COUPON.couponsets` lists it.
public struct SandboxCouponSet: Sendable, Hashable {
  /// `uuid`.
  public let uuid: String
  /// `name`.
  public let name: SandboxText
  /// `description`.
  public let description: SandboxText
  /// `terms`.
  public let terms: SandboxText
  /// `expiration`, sent as `yyyy-MM-dd HH:mm`.
  public let expiration: Date
  /// `discount`, in cents (sent as `"5.00"`); a percentage for `percentage` sets.
  public let discountCents: Int
  /// `discount_type`: `value` or `percentage`.
  public let discountType: String
  /// `final_price`, in cents (sent as `"12.50"`).
  public let finalPriceCents: Int
  /// `couponset_type`: `standard`, `supermarket` or `universal`.
  public let type: String
  /// `merchant_uuid`.
  public let merchantUUID: String
  /// `shop_availability`: the merchants that accept it.
  public let shopAvailability: [String]
  /// What redeeming one of its coupons saves, in cents: the discount for `value` sets,
  /// the percentage of the price for `percentage` sets.
  public let savingsCents: Int
  /// `points`: what redeeming one of its coupons costs.
  public let points: Int
  /// How many coupons are left (`coupon.availability`).
  public let availability: Int

  func json(language: String) -> JSONValue {
    .object([
      "uuid": .string(uuid),
      "name": .string(name.text(for: language)),
      "description": .string(description.text(for: language)),
      "terms": .string(terms.text(for: language)),
      "img_preview": .string("https://cdn.sandbox.loyalty.test/couponsets/\(uuid)/preview.png"),
      "expiration": .string(SandboxDate.format(expiration, .minutes)),
      "discount": .string(Money.format(cents: discountCents)),
      "discount_type": .string(discountType),
      "final_price": .string(Money.format(cents: finalPriceCents)),
      "couponset_type": .string(type),
      "merchant_uuid": .string(merchantUUID),
      "shop_availability": .array(shopAvailability.map(JSONValue.string)),
      "points": .string(String(points)),
      "active": .bool(true),
    ])
  }
}
