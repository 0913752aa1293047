/// Keeps the session's tokens.
///
/// LoyaltyStore provides a SQLite-backed store, encrypted at rest when a field
/// cipher is registered; Core provides ``InMemoryTokenStore`` for hosts without it.
///
/// Every conforming type must:
/// - return from ``tokens()`` exactly the pair most recently stored, or `nil` after
///   ``clear()`` or before any ``store(_:)``;
/// - make ``replace(_:with:)`` atomic: it replaces only when the stored pair equals
///   `expected`, and no other write can happen between the comparison and the write;
/// - be safe to call concurrently;
/// - never put a token in a thrown error's description.
public protocol TokenStore: Sendable {
  /// The stored pair, or `nil` when there is none.
  func tokens() async throws -> TokenPair?
  /// Stores `tokens`, replacing any stored pair.
  func store(_ tokens: TokenPair) async throws
  /// Removes the stored pair.
  func clear() async throws
  /// Replaces the stored pair with `new` (or clears it when `new` is `nil`) only if the
  /// stored pair equals `expected` (`nil` meaning none stored).
  /// - Returns: Whether the replacement happened.
  func replace(_ expected: TokenPair?, with new: TokenPair?) async throws -> Bool
}
