import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// AES-256-GCM authenticated encryption with an explicit key: CryptoKit on Apple platforms,
/// OpenSSL's EVP API elsewhere.
///
/// A sealed box is laid out as `nonce (12 bytes) + ciphertext + tag (16 bytes)`, the
/// layout CryptoKit calls `combined`. Every seal draws a fresh random nonce, so sealing
/// the same plaintext twice gives different boxes. Both backends use this layout, so a
/// value sealed on one platform opens on the other.
///
/// ```swift
/// let key = try SecureRandom.bytes(count: AESGCM.keyByteCount)
/// let sealed = try AESGCM.seal(Data("secret".utf8), key: key)
/// let opened = try AESGCM.open(sealed, key: key)
/// ```
///
/// Most code wants ``AESGCMFieldCipher``, which fetches and caches its key from a
/// ``LoyaltyCore/KeyStore``.
public enum AESGCM {
  /// The key size: 32 bytes (256 bits).
  public static let keyByteCount = 32
  /// The nonce size: 12 bytes (96 bits), GCM's recommended size.
  public static let nonceByteCount = 12
  /// The authentication tag size: 16 bytes (128 bits).
  public static let tagByteCount = 16
  /// What sealing adds to a plaintext: the nonce and the tag, 28 bytes.
  public static let overheadByteCount = nonceByteCount + tagByteCount

  /// Encrypts and authenticates `plaintext` under `key`, with a fresh random nonce.
  /// - Parameters:
  ///   - plaintext: The bytes to seal; may be empty.
  ///   - key: A 32-byte key.
  /// - Returns: `nonce + ciphertext + tag`, 28 bytes longer than `plaintext`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when `key` is not 32 bytes,
  ///   ``LoyaltyCore/LoyaltyError/Code/encryptionFailed`` when the backend fails.
  public static func seal(_ plaintext: Data, key: Data) throws -> Data {
    try checkKey(key)
    let nonce = try SecureRandom.bytes(count: nonceByteCount, failure: .encryptionFailed)
    return try seal(plaintext, key: key, nonce: nonce)
  }

  /// Checks and decrypts what ``seal(_:key:)`` produced.
  /// - Parameters:
  ///   - sealed: `nonce + ciphertext + tag`.
  ///   - key: The 32-byte key it was sealed with.
  /// - Returns: The plaintext.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when `key` is not 32 bytes,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidCiphertext`` when `sealed` is shorter than 28 bytes,
  ///   ``LoyaltyCore/LoyaltyError/Code/decryptionFailed`` for a wrong key or tampered data (the
  ///   tag does not match); no plaintext is ever returned then.
  public static func open(_ sealed: Data, key: Data) throws -> Data {
    try checkKey(key)
    guard sealed.count >= overheadByteCount else {
      throw LoyaltyError(
        .invalidCiphertext,
        "The ciphertext is \(sealed.count) bytes; a sealed value has at least "
          + "\(overheadByteCount) (nonce and tag).",
        metadata: ["byteCount": String(sealed.count)])
    }
    return try PlatformCrypto.openAESGCM(sealed, key: key)
  }

  /// Seals with a caller-chosen nonce; only for known-answer tests and ``seal(_:key:)``.
  /// Reusing a nonce under one key breaks GCM, so this stays internal.
  static func seal(_ plaintext: Data, key: Data, nonce: Data) throws -> Data {
    try checkKey(key)
    guard nonce.count == nonceByteCount else {
      throw LoyaltyError(
        .encryptionFailed, "The nonce is \(nonce.count) bytes; AES-GCM here uses 12.")
    }
    return try PlatformCrypto.sealAESGCM(plaintext, key: key, nonce: nonce)
  }

  private static func checkKey(_ key: Data) throws {
    guard key.count == keyByteCount else {
      throw LoyaltyError(
        .invalidKey,
        "The key is \(key.count) bytes; AES-256-GCM needs \(keyByteCount).",
        metadata: ["byteCount": String(key.count)])
    }
  }
}
