#if DirectoryProviderCTX
  public import LoyaltyCore

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// CTX gift cards (package trait `DirectoryProviderCTX`).
  public struct CTXProvider: GiftCardProviderRepository {
    /// The base of CTX's purchase pages.
    public let baseURL: String

    /// Creates the provider.
    public init(baseURL: String = "https://spend.ctx.com") {
      self.baseURL = baseURL
    }

    public var id: DirectoryProviderID { .ctx }
    public var displayName: String { "CTX" }

    public func purchaseURL(for merchant: DirectoryMerchant) -> URL? {
      guard merchant.providers.contains(id) else { return nil }
      return URL(string: "\(baseURL)/merchants/\(merchant.id)")
    }
  }
#endif
