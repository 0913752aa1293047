public import LoyaltyCore

/// What a ``MerchantInfoProvider`` says of a merchant: any subset of its fields
/// (seed 003 lines 128-136, the CTX `MerchantInfo`); `nil` is "not said".
public struct MerchantInfo: Sendable, Hashable {
  /// The display name.
  public var name: String?
  /// Whether the merchant accepts payments now.
  public var enabled: Bool?
  /// The denominations type, `fixed` or `min-max` (`flexible`).
  public var denominationsType: String?
  /// The amounts; when `nil` but ``denominationsType`` is given, the type alone decides.
  public var denominations: DirectoryDenominations?
  /// Where the logo is.
  public var logoLocation: String?
  /// The website.
  public var website: String?
  /// The merchant's id at CTX.
  public var ctxMerchantId: String?

  /// Creates what a provider says; every field is optional.
  public init(
    name: String? = nil, enabled: Bool? = nil, denominationsType: String? = nil,
    denominations: DirectoryDenominations? = nil, logoLocation: String? = nil,
    website: String? = nil, ctxMerchantId: String? = nil
  ) {
    self.name = name
    self.enabled = enabled
    self.denominationsType = denominationsType
    self.denominations = denominations
    self.logoLocation = logoLocation
    self.website = website
    self.ctxMerchantId = ctxMerchantId
  }
}
