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
  /// Where the merchant's logo is (a URL, as the snapshot has it), if known (seed 003
  /// line 34).
  public var logoLocation: String?
  /// The merchant's website, if known (seed 003 line 35).
  public var website: String?
  /// The merchant's id at the CTX gift-card provider, if it has one (seed 003 line 47).
  public var ctxMerchantId: String?
  /// The amounts its gift cards come in, resolved from ``denominationsType`` and the
  /// snapshot's amounts; fixed when the type is unknown (seed 003 line 303).
  public var denominations: DirectoryDenominations

  /// Whether a host should offer an amount of the customer's choosing (seed 003 lines
  /// 309-310 and 384-397): the merchant is enabled, takes gift cards, and its
  /// denominations are a range that is not drifted.
  public var shouldShowFlexibleAmounts: Bool {
    enabled && paymentTypes.contains(.giftCard) && denominations.isFlexible
      && !denominations.isDrifted
  }

  /// Creates a merchant.
  public init(
    id: Int, name: String, category: String = "", address: String = "", tags: [String] = [],
    location: DirectoryLocation? = nil, denominationsType: String? = nil, enabled: Bool = true,
    paymentTypes: Set<DirectoryPaymentType> = [], providers: [DirectoryProviderID] = [],
    logoLocation: String? = nil, website: String? = nil, ctxMerchantId: String? = nil,
    denominations: DirectoryDenominations? = nil
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
    self.logoLocation = logoLocation
    self.website = website
    self.ctxMerchantId = ctxMerchantId
    self.denominations = denominations ?? Self.denominations(of: denominationsType)
  }

  /// The denominations a type alone says: a range with unknown bounds for a flexible
  /// type, else no fixed amount.
  static func denominations(of type: String?) -> DirectoryDenominations {
    DirectoryDenominations.isFlexibleType(type) ? .flexible(min: nil, max: nil) : .fixed([])
  }
}

extension DirectoryMerchant {
  /// Decodes a merchant; `location`, `denominationsType`, `logoLocation`, `website`,
  /// `ctxMerchantId` and `denominations` may be absent or null.
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
    logoLocation = try container.decodeIfPresent("logoLocation")
    website = try container.decodeIfPresent("website")
    ctxMerchantId = try container.decodeIfPresent("ctxMerchantId")
    denominations =
      try container.decodeIfPresent("denominations") ?? Self.denominations(of: denominationsType)
  }

  /// Encodes a merchant; `nil` fields are left out, and so are `denominations` that
  /// ``denominationsType`` alone says.
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
    try container.encodeIfPresent(logoLocation, "logoLocation")
    try container.encodeIfPresent(website, "website")
    try container.encodeIfPresent(ctxMerchantId, "ctxMerchantId")
    // Left out when the type alone says it, so such a merchant's JSON is unchanged.
    if denominations != Self.denominations(of: denominationsType) {
      try container.encode(denominations, "denominations")
    }
  }
}
