#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Encrypts and decrypts individual fields (tokens, identifiers) for storage at rest.
///
/// LoyaltySecurity provides the AES-256-GCM cipher. When no cipher is registered,
/// stores keep values in clear.
///
/// Every conforming type must:
/// - authenticate what it encrypts: ``open(_:)`` throws
///   ``LoyaltyError/Code/decryptionFailed`` for a wrong key or tampered data and
///   ``LoyaltyError/Code/invalidCiphertext`` for truncated data, and never returns
///   garbage plaintext;
/// - produce a different ciphertext each time the same plaintext is sealed;
/// - be safe to call concurrently.
public protocol FieldCipher: Sendable {
  /// Encrypts `plaintext`.
  func seal(_ plaintext: Data) async throws -> Data
  /// Decrypts what ``seal(_:)`` produced.
  func open(_ ciphertext: Data) async throws -> Data
  /// Encrypts several values, fetching the key once.
  func seal(batch plaintexts: [Data]) async throws -> [Data]
  /// Decrypts several values, fetching the key once.
  func open(batch ciphertexts: [Data]) async throws -> [Data]
}

extension FieldCipher {
  public func seal(batch plaintexts: [Data]) async throws -> [Data] {
    var sealed: [Data] = []
    sealed.reserveCapacity(plaintexts.count)
    for plaintext in plaintexts {
      sealed.append(try await seal(plaintext))
    }
    return sealed
  }

  public func open(batch ciphertexts: [Data]) async throws -> [Data] {
    var opened: [Data] = []
    opened.reserveCapacity(ciphertexts.count)
    for ciphertext in ciphertexts {
      opened.append(try await open(ciphertext))
    }
    return opened
  }
}
