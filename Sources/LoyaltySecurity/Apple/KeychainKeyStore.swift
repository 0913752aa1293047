// Compiled on Apple platforms only: the Keychain does not exist on Linux, so this file is
// not verified here (README, "Platforms"). On a Mac, `swift test` runs the key store
// conformance suite on it (Tests/LoyaltySecurityTests/KeyStore/KeychainKeyStoreTests.swift).
#if canImport(Security)
  public import LoyaltyCore
  import Security

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// A ``LoyaltyCore/KeyStore`` in the Keychain: the default on Apple platforms.
  ///
  /// As the seed SDK keeps its database key: a generic password per key, in the service
  /// `<prefix>.<bundle id>` (one namespace per app), readable only while the device is
  /// unlocked and never leaving it (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: not
  /// in backups, not synchronised). A missing key is created from the system's random
  /// generator; when two callers create one at once, the Keychain keeps the first and
  /// both get it. `SecurityModule()` uses it; `SecurityModule(keyStore: .keychain(service:
  /// "com.example.keys"))` files the keys under another service.
  public struct KeychainKeyStore: KeyStore, CustomStringConvertible {
    /// The service every key of this store is filed under.
    public let service: String

    /// The service of the app's keys: `com.loyalty.sdk.<bundle id>`.
    public static var defaultService: String {
      "com.loyalty.sdk." + (Bundle.main.bundleIdentifier ?? "unbundled")
    }

    /// Creates a store filing its keys under `service`.
    /// - Parameter service: ``defaultService`` by default.
    public init(service: String = KeychainKeyStore.defaultService) {
      self.service = service
    }

    /// Names the service, never a key.
    public var description: String { "KeychainKeyStore(service: \(service))" }

    /// The key stored under `identifier`, or `nil`.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
    ///   ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the Keychain refuses.
    public func key(for identifier: String) async throws -> Data? {
      try KeyStoreValidation.validate(identifier: identifier)
      var query = baseQuery(identifier)
      query[kSecReturnData] = true
      query[kSecMatchLimit] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      switch status {
      case errSecSuccess: return result as? Data
      case errSecItemNotFound: return nil
      default: throw failure("read", identifier, status)
      }
    }

    /// The key stored under `identifier`, creating `byteCount` random bytes when missing.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier
    ///   or size, ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when the stored key has
    ///   another size, ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the Keychain
    ///   refuses.
    public func key(
      for identifier: String, creatingWithByteCount byteCount: Int
    ) async throws -> Data {
      try KeyStoreValidation.validate(byteCount: byteCount)
      if let existing = try await key(for: identifier) {
        return try checked(existing, identifier, byteCount)
      }
      let created = try SecureRandom.bytes(count: byteCount)
      var item = baseQuery(identifier)
      item[kSecValueData] = created
      item[kSecAttrAccessible] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
      let status = SecItemAdd(item as CFDictionary, nil)
      switch status {
      case errSecSuccess:
        return created
      case errSecDuplicateItem:
        // Another caller stored one first: theirs is the key.
        guard let stored = try await key(for: identifier) else {
          throw failure("create", identifier, status)
        }
        return try checked(stored, identifier, byteCount)
      default:
        throw failure("create", identifier, status)
      }
    }

    /// Deletes the key stored under `identifier`; deleting a missing key does nothing.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
    ///   ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the Keychain refuses.
    public func deleteKey(for identifier: String) async throws {
      try KeyStoreValidation.validate(identifier: identifier)
      let status = SecItemDelete(baseQuery(identifier) as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw failure("delete", identifier, status)
      }
    }

    /// The attributes that name one key: a generic password of the service.
    private func baseQuery(_ identifier: String) -> [CFString: Any] {
      [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: identifier]
    }

    private func checked(_ key: Data, _ identifier: String, _ byteCount: Int) throws -> Data {
      guard key.count == byteCount else {
        throw LoyaltyError(
          .invalidKey,
          "The key '\(identifier)' holds \(key.count) bytes; \(byteCount) were expected.",
          metadata: ["identifier": identifier, "byteCount": String(key.count)])
      }
      return key
    }

    private func failure(_ action: String, _ identifier: String, _ status: OSStatus) -> LoyaltyError
    {
      let reason = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "no reason given"
      return LoyaltyError(
        .keyStoreFailed, "The Keychain could not \(action) the key '\(identifier)': \(reason).",
        recoverySuggestion: status == errSecInteractionNotAllowed
          ? "The device is locked; keys are readable only while it is unlocked." : nil,
        metadata: ["identifier": identifier, "status": String(status)])
    }
  }
#endif
