/// What to look for in the directory: words, filters and, optionally, where the user is.
///
/// ```swift
/// let results = try await client.directory.search(
///   DirectoryQuery("καφε", near: DirectoryLocation(latitude: 37.98, longitude: 23.73)))
/// ```
public struct DirectoryQuery: Sendable, Hashable {
  /// The words, matched as prefixes against name, category, address and tags, case and
  /// diacritics ignored; empty matches every merchant the filters let through.
  public var text: String
  /// Only merchants of this category (compared exactly), if set.
  public var category: String?
  /// Only merchants this provider serves, if set.
  public var provider: DirectoryProviderID?
  /// Only merchants whose `enabled` is this, if set.
  public var enabled: Bool?
  /// Only merchants that take this payment type, if set.
  public var paymentType: DirectoryPaymentType?
  /// When set, results come nearest first (merchants without a location last) and carry
  /// their distance; otherwise they come best match first.
  public var near: DirectoryLocation?
  /// The most results returned.
  public var limit: Int

  /// Creates a query.
  public init(
    _ text: String = "", category: String? = nil, provider: DirectoryProviderID? = nil,
    enabled: Bool? = nil, paymentType: DirectoryPaymentType? = nil,
    near: DirectoryLocation? = nil, limit: Int = 50
  ) {
    self.text = text
    self.category = category
    self.provider = provider
    self.enabled = enabled
    self.paymentType = paymentType
    self.near = near
    self.limit = limit
  }
}
