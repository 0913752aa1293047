/// Where the user's choice of ``PrivacyFeatures`` persists.
///
/// LoyaltyStore provides one in its database (`StoreModule()`); without it, the client's
/// ``PrivacyCenter`` keeps the choice in an ``InMemoryPrivacyStore``, which forgets it
/// when the process ends.
///
/// Every conforming type must:
/// - return `nil` from ``storedFeatures()`` until a choice was saved, and after
///   ``removeChoice()``: a device that never chose gets the configuration's default;
/// - return exactly the features last saved, unknown bits included;
/// - make ``save(_:)`` durable before it returns when the store persists at all: once it
///   returns, the choice survives the process being killed;
/// - be safe to call concurrently.
public protocol PrivacyStore: Sendable {
  /// The features the user chose, or `nil` when no choice was saved.
  func storedFeatures() async throws -> PrivacyFeatures?
  /// Saves the user's choice, replacing the one before.
  func save(_ features: PrivacyFeatures) async throws
  /// Forgets the choice: the configuration's default applies again.
  func removeChoice() async throws
}
