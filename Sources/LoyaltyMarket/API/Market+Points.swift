import LoyaltyCore

extension Market {
  /// The user's transactions, newest first.
  /// - Parameter productDetail: `minimal` or `full` (with products).
  public func transactionHistory(productDetail: String = "minimal") async throws
    -> [Transaction]
  {
    try await perform(MarketEndpoints.transactions, productDetail)
  }

  /// The user's points history, newest first, and balance.
  public func pointsHistory() async throws -> PointsHistory {
    try await perform(MarketEndpoints.pointsHistory)
  }

  /// The user's market pass; ``state`` keeps it; posts ``MarketPassDetailsFetched``.
  public func marketPassDetails() async throws -> MarketPassDetails {
    try await call("market_pass_details") {
      let pass = try await send(MarketEndpoints.marketPass, ())
      await state.setMarketPass(pass)
      events?.post(MarketPassDetailsFetched())
      return pass
    }
  }
}
