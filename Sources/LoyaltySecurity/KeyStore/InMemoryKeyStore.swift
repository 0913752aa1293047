public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A ``LoyaltyCore/KeyStore`` that keeps keys in memory, for tests and for hosts that must not
/// persist keys; keys are lost when the store is released.
///
/// Creation is atomic: concurrent callers asking for a missing key all get the one key
/// that was stored.
public actor InMemoryKeyStore: KeyStore {
  private var keys: [String: Data]

  /// Creates a store, optionally holding `keys` already.
  /// - Parameter keys: Keys by identifier.
  public init(keys: [String: Data] = [:]) {
    self.keys = keys
  }

  /// The key stored under `identifier`, or `nil`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier.
  public func key(for identifier: String) throws -> Data? {
    try KeyStoreValidation.validate(identifier: identifier)
    return keys[identifier]
  }

  /// The key stored under `identifier`, creating `byteCount` random bytes when missing.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier or size,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when the stored key has another size,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyGenerationFailed`` when no random bytes are available.
  public func key(for identifier: String, creatingWithByteCount byteCount: Int) throws -> Data {
    try KeyStoreValidation.validate(identifier: identifier)
    try KeyStoreValidation.validate(byteCount: byteCount)
    if let existing = keys[identifier] {
      guard existing.count == byteCount else {
        throw LoyaltyError(
          .invalidKey,
          "The key '\(identifier)' holds \(existing.count) bytes; \(byteCount) were expected.",
          metadata: ["identifier": identifier, "byteCount": String(existing.count)])
      }
      return existing
    }
    let created = try SecureRandom.bytes(count: byteCount)
    keys[identifier] = created
    return created
  }

  /// Deletes the key stored under `identifier`; deleting a missing key does nothing.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier.
  public func deleteKey(for identifier: String) throws {
    try KeyStoreValidation.validate(identifier: identifier)
    keys[identifier] = nil
  }
}
