/// Keeps the market's answers on the device, per user, so a client started without a
/// network still shows what the user holds.
///
/// LoyaltyStore provides a SQLite-backed cache in the client's database (encrypted at rest
/// like the tokens when the store encrypts); Core provides ``InMemoryMarketCache``, which
/// lasts as long as the client. `LoyaltyConformance.MarketCacheConformance` checks any
/// conforming type.
///
/// Every conforming type must:
/// - return from ``answer(forKey:owner:)`` exactly the answer most recently stored for
///   that key and owner, or `nil`; never another owner's;
/// - store an answer whole or not at all: a process killed during ``store(_:)`` leaves the
///   previous answer for that key and owner readable;
/// - make each removal durable and, for stores on disk, leave the removed bytes in no file;
/// - be safe to call concurrently;
/// - never put a cached body in a thrown error's description.
public protocol MarketCache: Sendable {
  /// The answer stored for `key` and `owner`, or `nil`.
  func answer(forKey key: String, owner: String) async throws -> CachedAnswer?
  /// Stores `answer`, replacing the one with its key and owner.
  func store(_ answer: CachedAnswer) async throws
  /// Removes the answer for `key` and `owner`, if any.
  func removeAnswer(forKey key: String, owner: String) async throws
  /// Removes every answer whose owner is not in `owners`; `[]` removes all.
  func removeAnswers(keepingOwners owners: Set<String>) async throws
  /// Every stored answer, of every owner, ordered by owner then key: what an export lists.
  func answers() async throws -> [CachedAnswer]
}

extension MarketCache {
  /// Removes every answer.
  public func removeAll() async throws {
    try await removeAnswers(keepingOwners: [])
  }
}
