/// A gift-card provider's id, as the snapshot's `merchant_provider` table names it:
/// `ctx`, `piggycards`.
public struct DirectoryProviderID: RawRepresentable, Sendable, Hashable, Codable, Comparable,
  CustomStringConvertible
{
  /// The id in the snapshot.
  public let rawValue: String

  /// Creates an id.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// CTX gift cards.
  public static let ctx = DirectoryProviderID(rawValue: "ctx")
  /// PiggyCards gift cards.
  public static let piggyCards = DirectoryProviderID(rawValue: "piggycards")

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
