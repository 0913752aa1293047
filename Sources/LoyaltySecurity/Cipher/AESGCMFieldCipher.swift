public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The AES-256-GCM ``LoyaltyCore/FieldCipher``: encrypts fields at rest with a key kept in a
/// ``LoyaltyCore/KeyStore``.
///
/// The key lives in the key store under ``keyIdentifier``; the first seal or open
/// creates it (32 random bytes) when the store has none. The key is then cached in
/// memory for ``keyCacheDuration`` seconds, measured on the given ``LoyaltyCore/LoyaltyClock``, so
/// a burst of operations reads the store once. Batch operations fetch the key once for
/// the whole batch.
///
/// Sealed values use ``AESGCM``'s layout, `nonce (12) + ciphertext + tag (16)`.
///
/// The cipher is safe to use from many tasks at once: encryption runs in parallel and
/// only the cache is behind a lock.
public final class AESGCMFieldCipher: FieldCipher {
  /// The identifier the key is stored under unless another is given.
  public static let defaultKeyIdentifier = "field-encryption-key"
  /// How long a fetched key is reused unless told otherwise: 300 seconds.
  public static let defaultKeyCacheDuration: TimeInterval = 300

  /// The identifier the key is stored under.
  public let keyIdentifier: String
  /// How long a fetched key is reused before the store is asked again, in seconds;
  /// zero disables caching.
  public let keyCacheDuration: TimeInterval

  private struct CachedKey {
    let key: Data
    let fetchedAt: Date
  }

  private let keyStore: any KeyStore
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let cache = Locked<CachedKey?>(nil)

  /// Creates a cipher whose key lives in `keyStore`.
  /// - Parameters:
  ///   - keyStore: Where the key is kept, and created on first use.
  ///   - keyIdentifier: The identifier the key is stored under.
  ///   - keyCacheDuration: How long a fetched key is reused, in seconds; negative values
  ///     count as zero, which disables caching.
  ///   - clock: The clock the cache duration is measured on.
  ///   - logger: Where the cipher logs key fetches; key bytes are never logged.
  public init(
    keyStore: any KeyStore,
    keyIdentifier: String = AESGCMFieldCipher.defaultKeyIdentifier,
    keyCacheDuration: TimeInterval = AESGCMFieldCipher.defaultKeyCacheDuration,
    clock: any LoyaltyClock = SystemClock(),
    logger: LoyaltyLogger = .disabled
  ) {
    self.keyStore = keyStore
    self.keyIdentifier = keyIdentifier
    self.keyCacheDuration = keyCacheDuration.isFinite ? max(0, keyCacheDuration) : 0
    self.clock = clock
    self.logger = logger
  }

  /// Encrypts `plaintext` with a fresh nonce.
  /// - Throws: A key store error, ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when the
  ///   stored key is not 32 bytes, or ``LoyaltyCore/LoyaltyError/Code/encryptionFailed``.
  public func seal(_ plaintext: Data) async throws -> Data {
    try AESGCM.seal(plaintext, key: try await currentKey())
  }

  /// Decrypts what ``seal(_:)`` produced.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidCiphertext`` for data shorter than 28 bytes,
  ///   ``LoyaltyCore/LoyaltyError/Code/decryptionFailed`` for a wrong key or tampered data, or
  ///   a key store error.
  public func open(_ ciphertext: Data) async throws -> Data {
    try AESGCM.open(ciphertext, key: try await currentKey())
  }

  /// Encrypts several values, fetching the key once.
  /// - Throws: The first error; nothing is returned then.
  public func seal(batch plaintexts: [Data]) async throws -> [Data] {
    let key = try await currentKey()
    return try plaintexts.map { try AESGCM.seal($0, key: key) }
  }

  /// Decrypts several values, fetching the key once.
  /// - Throws: The first error (one bad value fails the batch); nothing is returned then.
  public func open(batch ciphertexts: [Data]) async throws -> [Data] {
    let key = try await currentKey()
    return try ciphertexts.map { try AESGCM.open($0, key: key) }
  }

  /// Forgets the cached key, so the next operation reads the key store again.
  public func clearKeyCache() {
    cache.withLock { $0 = nil }
  }

  /// The cached key while it is fresh, otherwise the key store's (created if missing).
  private func currentKey() async throws -> Data {
    let now = clock.now
    let cached = cache.withLock { cached -> Data? in
      guard let entry = cached else { return nil }
      let age = now.timeIntervalSince(entry.fetchedAt)
      guard age >= 0, age < keyCacheDuration else {
        cached = nil
        return nil
      }
      return entry.key
    }
    if let cached {
      return cached
    }

    let key: Data
    do {
      key = try await keyStore.key(
        for: keyIdentifier, creatingWithByteCount: AESGCM.keyByteCount)
    } catch let error as LoyaltyError {
      logger.error(
        "Could not fetch the field encryption key: \(error.code).",
        metadata: ["identifier": keyIdentifier])
      throw error
    } catch {
      logger.error(
        "Could not fetch the field encryption key.", metadata: ["identifier": keyIdentifier])
      throw LoyaltyError(
        .keyStoreFailed, "The key store failed to return the field encryption key.",
        metadata: ["identifier": keyIdentifier], underlying: error)
    }
    guard key.count == AESGCM.keyByteCount else {
      throw LoyaltyError(
        .invalidKey,
        "The key store returned a \(key.count)-byte key for '\(keyIdentifier)'; "
          + "AES-256-GCM needs \(AESGCM.keyByteCount).",
        recoverySuggestion: "Replace the stored key with a \(AESGCM.keyByteCount)-byte key.",
        metadata: ["identifier": keyIdentifier, "byteCount": String(key.count)])
    }
    if keyCacheDuration > 0 {
      let fetchedAt = clock.now
      cache.withLock { $0 = CachedKey(key: key, fetchedAt: fetchedAt) }
    }
    logger.debug("Fetched the field encryption key.", metadata: ["identifier": keyIdentifier])
    return key
  }
}
