public import LoyaltyCore

extension Market {
  /// Merchants matching `filters`, under the configured read policy; ``state`` keeps
  /// them.
  public func merchants(language: String? = nil, filters: MerchantFilters = MerchantFilters())
    async throws -> [Merchant]
  {
    try await merchants(language: language, filters: filters, policy: nil).value
  }

  /// Merchants matching `filters` under `policy`, with where they came from and when.
  public func merchants(
    language: String? = nil, filters: MerchantFilters = MerchantFilters(), policy: ReadPolicy?
  ) async throws -> Answered<[Merchant]> {
    let language = language ?? defaultLanguage
    return try await call("merchants") {
      try await reading(policy) { [self] policy in
        let answered = try await read(
          MarketEndpoints.merchants, (language, filters), kind: "merchants", policy: policy)
        await state.setMerchants(answered.value)
        offline.record(kind: "merchants", fromCache: answered.isFromCache) {
          [weak self] policy, language in
          _ = try? await self?.merchants(language: language, filters: filters, policy: policy)
        }
        return answered
      }
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
