import LoyaltyCore
public import LoyaltyNetwork

extension Market {
  /// Adds a payment card; only its last four digits are kept by the server.
  /// - Parameters:
  ///   - card: The card to add.
  ///   - idempotencyKey: The key of an earlier attempt that ended with
  ///     ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``; a new one when `nil`.
  public func addCard(_ card: NewCard, idempotencyKey: IdempotencyKey? = nil) async throws
    -> Card
  {
    try await call("add_card") {
      try await send {
        var endpoint = MarketEndpoints.addCard(card, drift: $0)
        endpoint.idempotencyKey = idempotencyKey
        return endpoint
      }
    }
  }

  /// The user's cards.
  public func cards() async throws -> [Card] {
    try await call("get_cards") { try await send { MarketEndpoints.cards(drift: $0) } }
  }

  /// Deletes a card by its token.
  /// - Parameters:
  ///   - token: The card's token, as ``cards()`` lists it.
  ///   - idempotencyKey: The key of an earlier attempt that ended with
  ///     ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``; a new one when `nil`.
  public func deleteCard(token: String, idempotencyKey: IdempotencyKey? = nil) async throws
    -> GenericResponse
  {
    try await call("delete_card") {
      var endpoint = MarketEndpoints.deleteCard(token: token)
      endpoint.idempotencyKey = idempotencyKey
      return try await network.send(endpoint)
    }
  }
}
