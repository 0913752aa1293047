public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A read-only ``LoyaltyCore/KeyStore`` holding keys the host supplies, typically read from an
/// environment variable or a secrets manager at launch.
///
/// ```swift
/// let base64 = ProcessInfo.processInfo.environment["LOYALTY_FIELD_KEY"] ?? ""
/// let store = try EnvironmentKeyStore(
///   base64Keys: [AESGCMFieldCipher.defaultKeyIdentifier: base64])
/// ```
///
/// The store never creates or deletes keys: asking it to create a missing key throws
/// ``LoyaltyCore/LoyaltyError/Code/invalidKey`` explaining that the host must supply the key, and
/// deleting a supplied key throws ``LoyaltyCore/LoyaltyError/Code/unsupported``.
public struct EnvironmentKeyStore: KeyStore, CustomStringConvertible {
  private let keys: [String: Data]

  /// Creates a store from base64-encoded keys.
  /// - Parameter base64Keys: Standard base64 keys by identifier; surrounding whitespace
  ///   is ignored.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidKey`` for a value that is not base64 or is empty.
  public init(base64Keys: [String: String]) throws {
    var keys: [String: Data] = [:]
    for (identifier, encoded) in base64Keys {
      try KeyStoreValidation.validate(identifier: identifier)
      let trimmed = encoded.trimmingWhitespacesAndNewlines()
      guard let key = Data(base64Encoded: trimmed), !key.isEmpty else {
        throw LoyaltyError(
          .invalidKey,
          "The key supplied for '\(identifier)' is not a non-empty base64 value.",
          recoverySuggestion: "Supply the key as standard base64, for example the output of "
            + "`openssl rand -base64 32`.",
          metadata: ["identifier": identifier])
      }
      keys[identifier] = key
    }
    self.keys = keys
  }

  /// Creates a store from raw keys.
  /// - Parameter keys: Keys by identifier.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidKey`` for an empty key.
  public init(keys: [String: Data]) throws {
    for (identifier, key) in keys {
      try KeyStoreValidation.validate(identifier: identifier)
      guard !key.isEmpty else {
        throw LoyaltyError(
          .invalidKey, "The key supplied for '\(identifier)' is empty.",
          metadata: ["identifier": identifier])
      }
    }
    self.keys = keys
  }

  /// The identifiers of the supplied keys, sorted.
  public var identifiers: [String] { keys.keys.stablySorted() }

  /// Names the supplied identifiers, never the keys.
  public var description: String {
    "EnvironmentKeyStore(identifiers: \(identifiers.joined(separator: ", ")))"
  }

  /// The supplied key for `identifier`, or `nil`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier.
  public func key(for identifier: String) async throws -> Data? {
    try KeyStoreValidation.validate(identifier: identifier)
    return keys[identifier]
  }

  /// The supplied key for `identifier`; this store cannot create one.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when no key was supplied for
  ///   `identifier` or it is not `byteCount` bytes;
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidArgument``
  ///   for an invalid identifier or size.
  public func key(
    for identifier: String, creatingWithByteCount byteCount: Int
  ) async throws -> Data {
    try KeyStoreValidation.validate(identifier: identifier)
    try KeyStoreValidation.validate(byteCount: byteCount)
    guard let key = keys[identifier] else {
      throw LoyaltyError(
        .invalidKey,
        "No key was supplied for '\(identifier)', and EnvironmentKeyStore is read-only: "
          + "it cannot create keys.",
        recoverySuggestion: "The host must supply a base64-encoded \(byteCount)-byte key for "
          + "'\(identifier)' (for example from an environment variable) when it creates "
          + "EnvironmentKeyStore, or use FileKeyStore or InMemoryKeyStore.",
        metadata: ["identifier": identifier])
    }
    guard key.count == byteCount else {
      throw LoyaltyError(
        .invalidKey,
        "The key supplied for '\(identifier)' is \(key.count) bytes; \(byteCount) are needed.",
        recoverySuggestion: "Supply a base64-encoded \(byteCount)-byte key.",
        metadata: ["identifier": identifier, "byteCount": String(key.count)])
    }
    return key
  }

  /// Does nothing for a missing key; a supplied key cannot be deleted.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/unsupported`` when a key was supplied for
  ///   `identifier`; ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier.
  public func deleteKey(for identifier: String) async throws {
    try KeyStoreValidation.validate(identifier: identifier)
    guard keys[identifier] == nil else {
      throw LoyaltyError(
        .unsupported,
        "EnvironmentKeyStore is read-only: the key '\(identifier)' comes from the host and "
          + "cannot be deleted.",
        recoverySuggestion: "Stop supplying the key where the host reads it.",
        metadata: ["identifier": identifier])
    }
  }
}
