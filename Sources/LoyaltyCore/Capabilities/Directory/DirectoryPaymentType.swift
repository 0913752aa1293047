/// A way to pay at a merchant. Open-ended: a snapshot may name types this SDK does not
/// know, and they are kept as they are.
public struct DirectoryPaymentType: RawRepresentable, Sendable, Hashable, Codable,
  CustomStringConvertible
{
  /// The name in the snapshot: `dash`, `giftCard`.
  public let rawValue: String

  /// Creates a payment type from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Pays directly with the wallet's currency.
  public static let dash = DirectoryPaymentType(rawValue: "dash")
  /// Pays with a gift card bought through a provider.
  public static let giftCard = DirectoryPaymentType(rawValue: "giftCard")

  public var description: String { rawValue }
}
