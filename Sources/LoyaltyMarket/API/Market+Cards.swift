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
    try await perform(MarketEndpoints.addCard, card, idempotencyKey: idempotencyKey)
  }

  /// The user's cards.
  public func cards() async throws -> [Card] {
    try await perform(MarketEndpoints.cards)
  }

  /// Deletes a card by its token.
  /// - Parameters:
  ///   - token: The card's token, as ``cards()`` lists it.
  ///   - idempotencyKey: The key of an earlier attempt that ended with
  ///     ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``; a new one when `nil`.
  public func deleteCard(token: String, idempotencyKey: IdempotencyKey? = nil) async throws
    -> GenericResponse
  {
    try await perform(MarketEndpoints.deleteCard, token, idempotencyKey: idempotencyKey)
  }
}
