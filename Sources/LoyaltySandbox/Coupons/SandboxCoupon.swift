import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A coupon a user holds, as `MAPP_COUPON.coupons` lists it.
public struct SandboxCoupon: Sendable, Hashable {
  /// `coupon`: the code.
  public let code: String
  /// `barcode`: 13 digits.
  public let barcode: String
  /// `couponset_uuid`.
  public let couponSetUUID: String
  /// `status`: 1 active, 0 redeemed.
  public internal(set) var status: Int
  /// `created`, sent as `yyyy-MM-dd HH:mm:ss+00:00`.
  public let created: Date
  /// `expiration`, sent as `yyyy-MM-dd HH:mm:ss`.
  public let expiration: Date
  /// `redeemed_date`, sent as `yyyy-MM-dd HH:mm:ss.SSSSSS`; `nil` until redeemed.
  public internal(set) var redeemedDate: Date?
  /// The merchant it was redeemed at.
  public internal(set) var redeemedMerchantUUID: String?
  /// The `Idempotency-Key` the request that redeemed it carried; `nil` for a request
  /// without one, or a coupon not redeemed through the API. Never sent (chosen here): it
  /// lets a soak match each redemption with the intent behind it.
  public internal(set) var redemptionKey: String? = nil

  /// Whether it can still be redeemed at `date`.
  public func isActive(at date: Date) -> Bool {
    status == 1 && expiration > date
  }

  func json(
    language: String, couponSet: SandboxCouponSet?, merchant: SandboxMerchant?,
    details: Set<String>
  ) -> JSONValue {
    var object: [String: JSONValue] = [
      "coupon": .string(code),
      "barcode": .string(barcode),
      "couponset_uuid": .string(couponSetUUID),
      "name": .string(couponSet?.name.text(for: language) ?? ""),
      "discount": .string(couponSet.map { Money.format(cents: $0.discountCents) } ?? "0.00"),
      "status": .integer(status),
      "created": .string(SandboxDate.format(created, .offset)),
      "expiration": .string(SandboxDate.format(expiration, .seconds)),
      "redeemed_date": redeemedDate.map { .string(SandboxDate.format($0, .microseconds)) }
        ?? .null,
      "couponset_data": couponSet?.json(language: language) ?? .null,
    ]
    if details.contains("merchant") {
      object["merchant_details"] = merchant?.json(language: language, distance: nil) ?? .null
    }
    if details.contains("redemption") {
      if let redeemedDate {
        object["redemption"] = .object([
          "merchant_uuid": .string(redeemedMerchantUUID ?? ""),
          "redeemed_date": .string(SandboxDate.format(redeemedDate, .microseconds)),
        ])
      } else {
        object["redemption"] = .null
      }
    }
    return .object(object)
  }
}
