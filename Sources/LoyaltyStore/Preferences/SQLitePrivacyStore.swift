public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``LoyaltyCore/PrivacyStore`` in the `preferences` table of a ``StoreDatabase``,
/// under ``key``: each save is one transaction with `synchronous = FULL`, so the choice is
/// on disk when ``save(_:)`` returns and survives a kill or a power loss.
public struct SQLitePrivacyStore: PrivacyStore {
  /// The preference the choice is kept under, as a JSON number (the set's bits).
  public static let key = "loyalty.privacy.enabled-features"

  private let preferences: SQLiteKeyValueStore

  /// Creates a store on `database`.
  public init(database: StoreDatabase) {
    self.preferences = SQLiteKeyValueStore(database: database)
  }

  /// The features the user chose, or `nil` when no choice was saved.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/storedValueUnreadable`` when the stored
  ///   value is not a set of features, or the database's error.
  public func storedFeatures() async throws -> PrivacyFeatures? {
    try await preferences.value(UInt32.self, forKey: Self.key).map(PrivacyFeatures.init(rawValue:))
  }

  /// Saves the choice in one durable transaction.
  public func save(_ features: PrivacyFeatures) async throws {
    try await preferences.set(features.rawValue, forKey: Self.key)
  }

  /// Forgets the choice.
  public func removeChoice() async throws {
    try await preferences.removeValue(forKey: Self.key)
  }
}
