/// One merchant a search found.
public struct DirectorySearchResult: Sendable, Hashable {
  /// The merchant.
  public var merchant: DirectoryMerchant
  /// Metres from the query's location, when the query had one and the merchant has a
  /// location.
  public var distance: Double?

  /// Creates a result.
  public init(merchant: DirectoryMerchant, distance: Double? = nil) {
    self.merchant = merchant
    self.distance = distance
  }
}
