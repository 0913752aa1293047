#if !LOYALTY_CRYPTOKIT
  import LoyaltyCore

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// An RSA private key, for servers and test backends that decrypt what
  /// ``RSAPublicKey`` encrypted.
  ///
  /// ```swift
  /// let key = try RSAPrivateKey(pem: privatePEM)
  /// let pin = try key.decrypt(encryptedPIN)
  /// ```
  ///
  /// A key is immutable and safe to share between tasks. Its description never shows key
  /// material.
  public struct RSAPrivateKey: Sendable, CustomStringConvertible {
    /// The PEM labels accepted: PKCS #8 and PKCS #1, unencrypted.
    public static let acceptedPEMLabels: Set<String> = ["PRIVATE KEY", "RSA PRIVATE KEY"]

    private let key: PlatformRSAKey

    /// Decodes a private key from PEM.
    ///
    /// Accepts `-----BEGIN PRIVATE KEY-----` (PKCS #8, what `openssl genpkey` writes) and
    /// `-----BEGIN RSA PRIVATE KEY-----` (PKCS #1). Encrypted keys are not supported.
    /// - Parameter pem: The PEM text.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when the text is empty, is not PEM, is
    ///   truncated or encrypted, holds another kind of key, or its content is damaged.
    public init(pem: String) throws {
      key = try PlatformRSAKey.decode(pem: pem, labels: Self.acceptedPEMLabels, part: .keyPair)
    }

    private init(key: PlatformRSAKey) {
      self.key = key
    }

    /// Generates a new key pair, for test backends and tools.
    /// - Parameter bitCount: The modulus size: 2048 to 16384 bits, 3072 by default.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for a size out of range,
    ///   ``LoyaltyCore/LoyaltyError/Code/keyGenerationFailed`` when the crypto library fails.
    public static func generate(bitCount: Int = 3_072) throws -> RSAPrivateKey {
      guard (2_048...16_384).contains(bitCount) else {
        throw LoyaltyError(
          .invalidArgument,
          "RSA keys of \(bitCount) bits are not generated; use 2048 to 16384 bits.",
          metadata: ["bitCount": String(bitCount)])
      }
      return RSAPrivateKey(key: try PlatformRSAKey.generate(bitCount: bitCount))
    }

    /// The matching public key.
    public var publicKey: RSAPublicKey { RSAPublicKey(key: key.publicPart) }

    /// The modulus size in bits.
    public var bitCount: Int { key.bitCount }

    /// Names the key size only.
    public var description: String { "RSAPrivateKey(\(bitCount) bits)" }

    /// The key as an unencrypted `-----BEGIN PRIVATE KEY-----` (PKCS #8) PEM document.
    ///
    /// The result is a secret: store it as one.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/internalInconsistency`` when the crypto library fails.
    public func pemRepresentation() throws -> String {
      try key.pem(part: .keyPair)
    }

    /// Decrypts what the matching ``RSAPublicKey`` encrypted with the same padding.
    /// - Parameters:
    ///   - ciphertext: The ciphertext, exactly as many bytes as the modulus.
    ///   - padding: ``RSAPadding/oaepSHA256`` by default.
    /// - Returns: The plaintext.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidCiphertext`` when the ciphertext has
    ///   the wrong length, ``LoyaltyCore/LoyaltyError/Code/decryptionFailed`` for a wrong key,
    ///   wrong padding or damaged ciphertext. With ``RSAPadding/pkcs1v15``, OpenSSL 3.2 and
    ///   later return random bytes instead of failing (implicit rejection); prefer OAEP.
    public func decrypt(_ ciphertext: Data, padding: RSAPadding = .oaepSHA256) throws -> Data {
      guard ciphertext.count == key.byteCount else {
        throw LoyaltyError(
          .invalidCiphertext,
          "The ciphertext is \(ciphertext.count) bytes; a \(bitCount)-bit RSA key's are "
            + "\(key.byteCount).",
          metadata: ["byteCount": String(ciphertext.count)])
      }
      return try key.decrypt(ciphertext, padding: padding)
    }
  }
#endif
