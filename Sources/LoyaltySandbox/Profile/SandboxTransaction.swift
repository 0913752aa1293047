import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A purchase or redemption in a user's history.
public struct SandboxTransaction: Sendable, Hashable {
  /// A product bought in a transaction.
  public struct Product: Sendable, Hashable {
    /// `name`.
    public let name: String
    /// `quantity`.
    public let quantity: Int
    /// `price`, in cents (sent as `"3.20"`).
    public let priceCents: Int
  }

  /// `transaction_uuid`.
  public let uuid: String
  /// `transaction_date`, sent as `yyyy-MM-dd HH:mm:ss`.
  public let date: Date
  /// `type`: `purchase` or `redemption`.
  public let type: String
  /// `merchant_uuid`.
  public let merchantUUID: String
  /// `merchant_name`.
  public let merchantName: String
  /// `amount`, in cents (sent as `"23.40"`).
  public let amountCents: Int
  /// `points`: earned (positive) or spent (negative), sent as a string.
  public let points: Int
  /// `products`, sent only when `product_detail` is `full`.
  public let products: [Product]

  func json(withProducts: Bool) -> JSONValue {
    var object: [String: JSONValue] = [
      "transaction_uuid": .string(uuid),
      "transaction_date": .string(SandboxDate.format(date, .seconds)),
      "type": .string(type),
      "merchant_uuid": .string(merchantUUID),
      "merchant_name": .string(merchantName),
      "amount": .string(Money.format(cents: amountCents)),
      "points": .string(String(points)),
    ]
    if withProducts {
      object["products"] = .array(
        products.map {
          .object([
            "name": .string($0.name), "quantity": .integer($0.quantity),
            "price": .string(Money.format(cents: $0.priceCents)),
          ])
        })
    }
    return .object(object)
  }
}
