import LoyaltyCore

extension Market {
  /// Merchants matching `filters`; ``state`` keeps them.
  public func merchants(language: String? = nil, filters: MerchantFilters = MerchantFilters())
    async throws -> [Merchant]
  {
    let language = language ?? defaultLanguage
    return try await call("merchants") {
      let merchants = try await send(MarketEndpoints.merchants, (language, filters))
      await state.setMerchants(merchants)
      return merchants
    }
  }

  /// The merchant categories.
  public func merchantCategories(language: String? = nil) async throws -> [MerchantCategory] {
    try await perform(MarketEndpoints.merchantCategories, language ?? defaultLanguage)
  }

  /// Content articles, by `sorting`.
  public func articles(language: String? = nil, categories: [String]? = nil) async throws
    -> [Article]
  {
    try await perform(MarketEndpoints.articles, (language ?? defaultLanguage, categories))
  }
}
