#if !LOYALTY_CRYPTOKIT
  import LoyaltyCore

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// An RSA public key, for encrypting PINs and other secrets only its owner can read.
  ///
  /// ```swift
  /// let key = try RSAPublicKey(pem: serverPEM)
  /// let encryptedPIN = try key.encrypt(Data(pin.utf8)).base64EncodedString()
  /// ```
  ///
  /// Keys are decoded and used by the Security framework on Apple platforms and by OpenSSL 3
  /// elsewhere. A key is immutable and safe to share between tasks.
  public struct RSAPublicKey: Sendable {
    /// The PEM labels accepted: SubjectPublicKeyInfo and PKCS #1.
    public static let acceptedPEMLabels: Set<String> = ["PUBLIC KEY", "RSA PUBLIC KEY"]

    let key: PlatformRSAKey

    init(key: PlatformRSAKey) {
      self.key = key
    }

    /// Decodes a public key from PEM.
    ///
    /// Accepts `-----BEGIN PUBLIC KEY-----` (SubjectPublicKeyInfo, what
    /// `openssl rsa -pubout` writes) and `-----BEGIN RSA PUBLIC KEY-----` (PKCS #1). Text
    /// before and after the block, surrounding whitespace and CRLF line endings are
    /// accepted.
    /// - Parameter pem: The PEM text.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when the text is empty, is not PEM, is
    ///   truncated, holds another kind of key (including a private key), or its content
    ///   is damaged.
    public init(pem: String) throws {
      key = try PlatformRSAKey.decode(pem: pem, labels: Self.acceptedPEMLabels, part: .publicKey)
    }

    /// The modulus size in bits: 2048, 3072, 4096...
    public var bitCount: Int { key.bitCount }

    /// The size of every ciphertext, in bytes.
    public var ciphertextByteCount: Int { key.byteCount }

    /// The longest plaintext ``encrypt(_:padding:)`` accepts with `padding`, in bytes.
    public func maximumPlaintextByteCount(padding: RSAPadding = .oaepSHA256) -> Int {
      max(0, key.byteCount - padding.overheadByteCount)
    }

    /// The key as a `-----BEGIN PUBLIC KEY-----` (SubjectPublicKeyInfo) PEM document.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/internalInconsistency`` when the crypto library fails.
    public func pemRepresentation() throws -> String {
      try key.pem(part: .publicKey)
    }

    /// Encrypts `data`, which only the private key's holder can decrypt.
    ///
    /// Each call gives a different ciphertext (both paddings are randomised).
    /// - Parameters:
    ///   - data: The secret; at most ``maximumPlaintextByteCount(padding:)`` bytes.
    ///   - padding: ``RSAPadding/oaepSHA256`` by default.
    /// - Returns: A ciphertext of ``ciphertextByteCount`` bytes.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` when `data` is too long for
    ///   the key, ``LoyaltyCore/LoyaltyError/Code/encryptionFailed`` when the crypto library fails.
    public func encrypt(_ data: Data, padding: RSAPadding = .oaepSHA256) throws -> Data {
      let maximum = maximumPlaintextByteCount(padding: padding)
      guard data.count <= maximum else {
        throw LoyaltyError(
          .invalidArgument,
          "The data is \(data.count) bytes; a \(bitCount)-bit RSA key with \(padding) encrypts "
            + "at most \(maximum).",
          recoverySuggestion: "Encrypt a shorter value, or seal the data with AES-GCM and "
            + "encrypt only its key with RSA.",
          metadata: ["byteCount": String(data.count), "maximum": String(maximum)])
      }
      return try key.encrypt(data, padding: padding)
    }
  }
#endif
