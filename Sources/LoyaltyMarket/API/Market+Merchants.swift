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
      try await reading(
        "merchants", kind: "merchants", policy, language: language,
        rerun: { [weak self] policy, language in
          _ = try? await self?.merchants(language: language, filters: filters, policy: policy)
        }
      ) { [self] policy, ticket in
        try await read(
          MarketEndpoints.merchants, (language, filters), kind: "merchants", policy: policy,
          ticket: ticket)
      } landing: { state, answered in
        state.setMerchants(answered.value)
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
