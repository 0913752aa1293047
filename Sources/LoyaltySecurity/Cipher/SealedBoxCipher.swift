public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An AES-256-GCM ``LoyaltyCore/FieldCipher`` with a key the caller holds, such as the
/// seed SDK's database key read from the Keychain, to open what the seed sealed.
///
/// Boxes use ``AESGCM``'s layout, `nonce (12) + ciphertext + tag (16)`, which is the
/// layout the seed SDK stores (CryptoKit's `combined`). The key is kept in memory only and
/// never logged. Most code wants ``AESGCMFieldCipher``, whose key lives in a
/// ``LoyaltyCore/KeyStore``.
public struct SealedBoxCipher: FieldCipher {
  private let key: Data

  /// Creates a cipher with `key`.
  /// - Parameter key: 32 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when `key` is not 32 bytes.
  public init(key: Data) throws {
    guard key.count == AESGCM.keyByteCount else {
      throw LoyaltyError(
        .invalidKey,
        "A \(key.count)-byte key was given; AES-256-GCM needs \(AESGCM.keyByteCount).",
        recoverySuggestion: "Pass the 32-byte key the boxes were sealed with.",
        metadata: ["byteCount": String(key.count)])
    }
    self.key = key
  }

  /// Encrypts `plaintext` with a fresh nonce.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/encryptionFailed``.
  public func seal(_ plaintext: Data) async throws -> Data {
    try AESGCM.seal(plaintext, key: key)
  }

  /// Checks and decrypts a box.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidCiphertext`` for data shorter than
  ///   28 bytes, ``LoyaltyCore/LoyaltyError/Code/decryptionFailed`` for a wrong key or
  ///   tampered data.
  public func open(_ ciphertext: Data) async throws -> Data {
    try AESGCM.open(ciphertext, key: key)
  }
}
