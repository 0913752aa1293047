public import LoyaltyCore

/// One merchant refreshed from a live provider, with fallbacks (seed 003 lines 93-189
/// and 319-334: provider, then the local snapshot, then the defaults), and what each
/// source said: ``DirectoryCenter/refreshMerchant(id:using:)``.
public struct MerchantRefresh: Sendable {
  /// Where a field's value came from.
  public enum Source: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The live provider.
    case provider
    /// The installed snapshot.
    case snapshot
    /// The default: enabled `true`, fixed denominations, no logo, website or CTX id
    /// (seed 003 lines 134-136, 185-186, 299-303).
    case `default`

    /// `provider`, `snapshot` or `default`.
    public var description: String { rawValue }
  }

  /// A field the refresh resolves.
  public enum Field: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``LoyaltyCore/DirectoryMerchant/name``.
    case name
    /// ``LoyaltyCore/DirectoryMerchant/enabled``.
    case enabled
    /// ``LoyaltyCore/DirectoryMerchant/denominationsType`` and
    /// ``LoyaltyCore/DirectoryMerchant/denominations``.
    case denominations
    /// ``LoyaltyCore/DirectoryMerchant/logoLocation``.
    case logoLocation
    /// ``LoyaltyCore/DirectoryMerchant/website``.
    case website
    /// ``LoyaltyCore/DirectoryMerchant/ctxMerchantId``.
    case ctxMerchantId

    /// The field's name.
    public var description: String { rawValue }
  }

  /// A field on which the provider and the snapshot disagree.
  public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
    /// The field.
    public let field: Field
    /// What the provider said (the value used).
    public let provider: String
    /// What the snapshot holds.
    public let snapshot: String

    /// `enabled: provider false, snapshot true`.
    public var description: String {
      "\(field): provider \(provider), snapshot \(snapshot)"
    }
  }

  /// The merchant, each field from the first source that had it.
  public let merchant: DirectoryMerchant
  /// Where each field came from.
  public let sources: [Field: Source]
  /// The fields on which the provider and the snapshot disagree; the provider's value
  /// was used.
  public let mismatches: [Mismatch]
  /// The provider's error, when it failed (the snapshot and defaults answered).
  public let providerError: LoyaltyError?
  /// Whether the provider knew the merchant.
  public let providerAnswered: Bool
  /// Whether the installed snapshot has the merchant.
  public let inSnapshot: Bool

  /// The sources that gave at least one field.
  public var answeredBy: Set<Source> { Set(sources.values) }

  /// Whether a host should offer an amount of the customer's choosing (seed 003 lines
  /// 384-397): when the provider says whether the merchant is enabled, that and flexible
  /// denominations; else, from the snapshot, enabled, taking gift cards and flexible;
  /// else `false`. A drifted range never shows.
  public var shouldShowFlexibleAmounts: Bool {
    let denominations = merchant.denominations
    guard denominations.isFlexible, !denominations.isDrifted else { return false }
    switch sources[.enabled] {
    case .provider: return merchant.enabled
    case .snapshot: return merchant.shouldShowFlexibleAmounts
    default: return false
    }
  }

  /// Creates a refresh result.
  public init(
    merchant: DirectoryMerchant, sources: [Field: Source], mismatches: [Mismatch],
    providerError: LoyaltyError?, providerAnswered: Bool, inSnapshot: Bool
  ) {
    self.merchant = merchant
    self.sources = sources
    self.mismatches = mismatches
    self.providerError = providerError
    self.providerAnswered = providerAnswered
    self.inSnapshot = inSnapshot
  }
}
