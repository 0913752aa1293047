public import LoyaltyCore

/// The gift-card providers compiled into this build, one per enabled package trait.
public enum DirectoryProviders {
  /// Every provider compiled in, in id order.
  public static var compiledIn: [any GiftCardProviderRepository] {
    var providers: [any GiftCardProviderRepository] = []
    #if DirectoryProviderCTX
      providers.append(CTXProvider())
    #endif
    #if DirectoryProviderPiggyCards
      providers.append(PiggyCardsProvider())
    #endif
    return providers.stablySorted { $0.id < $1.id }
  }

  /// The compiled-in providers `enabled` names (all of them when `nil`).
  public static func enabled(_ enabled: Set<DirectoryProviderID>?)
    -> [any GiftCardProviderRepository]
  {
    compiledIn.filter { enabled?.contains($0.id) ?? true }
  }
}
