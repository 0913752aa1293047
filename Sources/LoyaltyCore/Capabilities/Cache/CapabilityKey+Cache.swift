extension CapabilityKey where Value == any MarketCache {
  /// Where the market keeps its answers for offline reads. Core provides
  /// ``InMemoryMarketCache``; LoyaltyStore provides a persistent one.
  public static var marketCache: Self {
    Self(
      "loyalty.market-cache", summary: "a market cache",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}
