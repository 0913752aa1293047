import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The primitives the security product's public types run on: random bytes, SHA-256,
/// HMAC-SHA256 and AES-256-GCM.
///
/// Two backends, chosen at compile time: ``CryptoKitBackend`` on Apple platforms, where
/// CryptoKit comes with the system, and ``OpenSSLBackend`` (OpenSSL 3's EVP API)
/// elsewhere. ``AESGCM``, ``SHA256``, ``HMACSHA256`` and ``SecureRandom`` check their
/// arguments and call ``PlatformCrypto``, so both backends see the same, checked input,
/// and both lay a sealed box out as `nonce + ciphertext + tag`: a value sealed on one
/// platform opens on the other. The AppleCheck package compiles the CryptoKit backend on
/// Linux against swift-crypto (with `LOYALTY_CRYPTOKIT` set) and checks the two against
/// each other.
protocol CryptoBackend {
  /// The library and its version, as `loyalty-doctor` reports it.
  static var libraryVersion: String { get }

  /// `count` random bytes (1 to ``SecureRandom/maximumByteCount``), or `nil` when the
  /// system's generator fails.
  static func randomBytes(count: Int) -> Data?

  /// The SHA-256 digest of `data`: 32 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed``.
  static func sha256(_ data: Data) throws -> Data

  /// The HMAC-SHA256 of `message` under `key` (any length, empty included): 32 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed``.
  static func hmacSHA256(_ message: Data, key: Data) throws -> Data

  /// Seals `plaintext` under a 32-byte `key` and a 12-byte `nonce`, both checked by the
  /// caller: `nonce + ciphertext + tag`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/encryptionFailed``.
  static func sealAESGCM(_ plaintext: Data, key: Data, nonce: Data) throws -> Data

  /// Opens `nonce + ciphertext + tag` (at least 28 bytes, checked by the caller) under a
  /// 32-byte `key`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decryptionFailed`` when the tag does not
  ///   match (a wrong key or altered data); no plaintext is returned then.
  static func openAESGCM(_ sealed: Data, key: Data) throws -> Data

  /// An error with `code` and `message`, carrying what the library said of its failure
  /// (OpenSSL's first queued reason, as `openssl` metadata); never key material.
  static func error(
    _ code: LoyaltyError.Code, _ message: String, recoverySuggestion: String?,
    metadata: [String: String]
  ) -> LoyaltyError
}

#if canImport(CryptoKit) || LOYALTY_CRYPTOKIT
  /// The backend of this build: CryptoKit.
  typealias PlatformCrypto = CryptoKitBackend
#else
  /// The backend of this build: OpenSSL.
  typealias PlatformCrypto = OpenSSLBackend
#endif
