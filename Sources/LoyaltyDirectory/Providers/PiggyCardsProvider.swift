#if DirectoryProviderPiggyCards
  public import LoyaltyCore

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// PiggyCards gift cards (package trait `DirectoryProviderPiggyCards`).
  public struct PiggyCardsProvider: GiftCardProviderRepository {
    /// The base of PiggyCards' purchase pages.
    public let baseURL: String

    /// Creates the provider.
    public init(baseURL: String = "https://piggy.cards") {
      self.baseURL = baseURL
    }

    public var id: DirectoryProviderID { .piggyCards }
    public var displayName: String { "PiggyCards" }

    public func purchaseURL(for merchant: DirectoryMerchant) -> URL? {
      guard merchant.providers.contains(id) else { return nil }
      return URL(string: "\(baseURL)/gift-cards/\(merchant.id)")
    }
  }
#endif
