public import LoyaltyCore
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
    let added = try await perform(MarketEndpoints.addCard, card, idempotencyKey: idempotencyKey)
    offline.invalidate(["cards"])
    return added
  }

  /// The user's cards, under the configured read policy.
  public func cards() async throws -> [Card] {
    try await cards(policy: nil).value
  }

  /// The user's cards under `policy`, with where they came from and when.
  public func cards(policy: ReadPolicy?) async throws -> Answered<[Card]> {
    try await call(MarketEndpoints.cards.name) {
      try await reading(
        MarketEndpoints.cards.name, kind: "cards", policy, language: nil,
        rerun: { [weak self] policy, _ in _ = try? await self?.cards(policy: policy) }
      ) { [self] policy, ticket in
        try await read(MarketEndpoints.cards, (), kind: "cards", policy: policy, ticket: ticket)
      }
    }
  }

  /// Deletes a card by its token.
  /// - Parameters:
  ///   - token: The card's token, as ``cards()`` lists it.
  ///   - idempotencyKey: The key of an earlier attempt that ended with
  ///     ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``; a new one when `nil`.
  public func deleteCard(token: String, idempotencyKey: IdempotencyKey? = nil) async throws
    -> GenericResponse
  {
    let answer = try await perform(
      MarketEndpoints.deleteCard, token, idempotencyKey: idempotencyKey)
    offline.invalidate(["cards"])
    return answer
  }
}
