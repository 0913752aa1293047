public import LoyaltyCore

extension Market {
  /// The user's transactions, newest first.
  /// - Parameter productDetail: `minimal` or `full` (with products).
  public func transactionHistory(productDetail: String = "minimal") async throws
    -> [Transaction]
  {
    try await perform(MarketEndpoints.transactions, productDetail)
  }

  /// The user's points history, newest first, and balance, under the configured read
  /// policy.
  public func pointsHistory() async throws -> PointsHistory {
    try await pointsHistory(policy: nil).value
  }

  /// The user's points history and balance under `policy`, with where they came from
  /// and when.
  public func pointsHistory(policy: ReadPolicy?) async throws -> Answered<PointsHistory> {
    try await call(MarketEndpoints.pointsHistory.name) {
      try await reading(
        MarketEndpoints.pointsHistory.name, kind: "points", policy, language: nil,
        rerun: { [weak self] policy, _ in _ = try? await self?.pointsHistory(policy: policy) }
      ) { [self] policy, ticket in
        try await read(
          MarketEndpoints.pointsHistory, (), kind: "points", policy: policy, ticket: ticket)
      }
    }
  }

  /// The user's market pass under the configured read policy; ``state`` keeps it; posts
  /// ``MarketPassDetailsFetched``.
  public func marketPassDetails() async throws -> MarketPassDetails {
    try await marketPassDetails(policy: nil).value
  }

  /// The user's market pass under `policy`, with where it came from and when.
  public func marketPassDetails(policy: ReadPolicy?) async throws
    -> Answered<MarketPassDetails>
  {
    try await call("market_pass_details") {
      try await reading(
        "market_pass_details", kind: "market_pass", policy, language: nil,
        rerun: { [weak self] policy, _ in _ = try? await self?.marketPassDetails(policy: policy) }
      ) { [self] policy, ticket in
        try await read(
          MarketEndpoints.marketPass, (), kind: "market_pass", policy: policy, ticket: ticket)
      } landing: { [events] state, answered in
        state.setMarketPass(answered.value)
        events?.post(MarketPassDetailsFetched())
      }
    }
  }
}
