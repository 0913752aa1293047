public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A gift-card provider, one repository per provider behind this one protocol.
///
/// Providers are compiled in or out with a package trait each (`DirectoryProviderCTX`,
/// `DirectoryProviderPiggyCards`, both on by default) and enabled at run time by
/// ``DirectoryConfiguration/enabledProviders``. A provider compiled out or not enabled
/// is absent from every merchant's ``LoyaltyCore/DirectoryMerchant/providers``.
public protocol GiftCardProviderRepository: Sendable {
  /// The id the snapshot's `merchant_provider` table uses.
  var id: DirectoryProviderID { get }
  /// The name shown to users.
  var displayName: String { get }
  /// Where the user buys a gift card of `merchant` from this provider, or `nil` when the
  /// provider does not serve it.
  func purchaseURL(for merchant: DirectoryMerchant) -> URL?
}
