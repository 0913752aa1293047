/// One merchant of the directory, as every schema version of the snapshot is read into.
///
/// Fields that changed name between schema versions are already resolved here
/// (`denominationsType` or else `redeemType`; `enabled` or else `acceptsDash` or else
/// `true`): the mapping lives in one place, LoyaltyDirectory's field mapping.
public struct DirectoryMerchant: Sendable, Hashable, Codable {
  /// The merchant's id in the directory.
  public var id: Int
  /// The display name: `Καφέ Λουμίδη`.
  public var name: String
  /// The category: `Καφέ`, `Supermarket`.
  public var category: String
  /// The street address, one line.
  public var address: String
  /// Free tags the search also reads.
  public var tags: [String]
  /// Where the merchant is, if known.
  public var location: DirectoryLocation?
  /// How gift cards of this merchant are denominated (`fixed`, `min-max`), if known.
  public var denominationsType: String?
  /// Whether the merchant accepts payments now.
  public var enabled: Bool
  /// The ways a customer pays there.
  public var paymentTypes: Set<DirectoryPaymentType>
  /// The gift-card providers that serve the merchant (only those enabled in this build
  /// and configuration).
  public var providers: [DirectoryProviderID]

  /// Creates a merchant.
  public init(
    id: Int, name: String, category: String = "", address: String = "", tags: [String] = [],
    location: DirectoryLocation? = nil, denominationsType: String? = nil, enabled: Bool = true,
    paymentTypes: Set<DirectoryPaymentType> = [], providers: [DirectoryProviderID] = []
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.address = address
    self.tags = tags
    self.location = location
    self.denominationsType = denominationsType
    self.enabled = enabled
    self.paymentTypes = paymentTypes
    self.providers = providers
  }
}

extension DirectoryMerchant {
  /// Decodes a merchant; `location` and `denominationsType` may be absent or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    id = try container.decode("id")
    name = try container.decode("name")
    category = try container.decode("category")
    address = try container.decode("address")
    tags = try container.decode("tags")
    location = try container.decodeIfPresent("location")
    denominationsType = try container.decodeIfPresent("denominationsType")
    enabled = try container.decode("enabled")
    paymentTypes = try container.decode("paymentTypes")
    providers = try container.decode("providers")
  }

  /// Encodes a merchant; `nil` fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(id, "id")
    try container.encode(name, "name")
    try container.encode(category, "category")
    try container.encode(address, "address")
    try container.encode(tags, "tags")
    try container.encodeIfPresent(location, "location")
    try container.encodeIfPresent(denominationsType, "denominationsType")
    try container.encode(enabled, "enabled")
    try container.encode(paymentTypes, "paymentTypes")
    try container.encode(providers, "providers")
  }
}
