// Compiled on Apple platforms only: the Security framework does not exist on Linux, so
// this file is not verified here (README, "Platforms"). What it leans on is: the PEM
// reading, the DER conversions (RSAKeyDER) and the PEM writing, all pure Swift and
// tested on Linux against OpenSSL's own encodings.
#if canImport(Security)
  import LoyaltyCore
  import Security

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// An RSA key held by the Security framework: the RSA backend on Apple platforms.
  ///
  /// `SecKeyCreateWithData` reads and `SecKeyCopyExternalRepresentation` writes PKCS #1;
  /// the SubjectPublicKeyInfo and PKCS #8 documents the SDK reads and writes are converted
  /// by ``RSAKeyDER``.
  // Safe to share: a SecKey is an immutable Core Foundation object, and every operation
  // here only reads it.
  final class SecurityRSAKey: RSAKeyBackend, @unchecked Sendable {
    /// The key.
    let key: SecKey
    /// Whether it holds the private key too.
    let part: RSAKeyPart
    /// The modulus size in bits, read from the key's DER.
    let bitCount: Int

    init(key: SecKey, part: RSAKeyPart, bitCount: Int) {
      self.key = key
      self.part = part
      self.bitCount = bitCount
    }

    var byteCount: Int { (bitCount + 7) / 8 }

    static func decode(
      pem: String, labels: Set<String>, part: RSAKeyPart
    ) throws -> SecurityRSAKey {
      let document = try part.document(pem, labels: labels)
      let pkcs1: Data
      let bitCount: Int
      switch part {
      case .publicKey:
        pkcs1 =
          document.label == "PUBLIC KEY"
          ? try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: document.der) : document.der
        bitCount = try RSAKeyDER.modulusBitCount(ofPublicKey: pkcs1)
      case .keyPair:
        pkcs1 =
          document.label == "PRIVATE KEY"
          ? try RSAKeyDER.privateKey(fromPrivateKeyInfo: document.der) : document.der
        bitCount = try RSAKeyDER.modulusBitCount(ofPrivateKey: pkcs1)
      }
      let keyClass = part == .publicKey ? kSecAttrKeyClassPublic : kSecAttrKeyClassPrivate
      let attributes: [CFString: Any] = [
        kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: keyClass,
      ]
      var error: Unmanaged<CFError>?
      guard let key = SecKeyCreateWithData(pkcs1 as CFData, attributes as CFDictionary, &error)
      else {
        throw Self.failure(
          .invalidPEM, "The PEM document could not be read as an RSA \(part.kind) key.", error)
      }
      return SecurityRSAKey(key: key, part: part, bitCount: bitCount)
    }

    static func generate(bitCount: Int) throws -> SecurityRSAKey {
      let attributes: [CFString: Any] = [
        kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: bitCount,
      ]
      var error: Unmanaged<CFError>?
      guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
        throw Self.failure(
          .keyGenerationFailed, "Could not generate a \(bitCount)-bit RSA key.", error)
      }
      return SecurityRSAKey(key: key, part: .keyPair, bitCount: bitCount)
    }

    var publicPart: SecurityRSAKey {
      guard part == .keyPair, let publicKey = SecKeyCopyPublicKey(key) else { return self }
      return SecurityRSAKey(key: publicKey, part: .publicKey, bitCount: bitCount)
    }

    func pem(part: RSAKeyPart) throws -> String {
      let source = part == .publicKey ? publicPart.key : key
      var error: Unmanaged<CFError>?
      guard let pkcs1 = SecKeyCopyExternalRepresentation(source, &error) as Data? else {
        throw Self.failure(.internalInconsistency, "Could not export the RSA key.", error)
      }
      switch part {
      case .publicKey:
        return PEMDocument.encode(
          label: "PUBLIC KEY", der: RSAKeyDER.subjectPublicKeyInfo(publicKey: pkcs1))
      case .keyPair:
        return PEMDocument.encode(
          label: "PRIVATE KEY", der: RSAKeyDER.privateKeyInfo(privateKey: pkcs1))
      }
    }

    func encrypt(_ data: Data, padding: RSAPadding) throws -> Data {
      var error: Unmanaged<CFError>?
      guard
        let ciphertext = SecKeyCreateEncryptedData(
          publicPart.key, padding.algorithm, data as CFData, &error) as Data?
      else {
        throw Self.failure(
          .encryptionFailed, "RSA encryption with \(padding) failed.", error,
          metadata: ["padding": padding.description])
      }
      return ciphertext
    }

    func decrypt(_ ciphertext: Data, padding: RSAPadding) throws -> Data {
      var error: Unmanaged<CFError>?
      guard
        let plaintext = SecKeyCreateDecryptedData(
          key, padding.algorithm, ciphertext as CFData, &error) as Data?
      else {
        // The framework's reason is dropped on purpose, as OpenSSL's is.
        _ = error?.takeRetainedValue()
        throw LoyaltyError(
          .decryptionFailed,
          "RSA decryption with \(padding) failed: the key or padding is wrong, or the "
            + "ciphertext is damaged.",
          metadata: ["padding": padding.description])
      }
      return plaintext
    }

    /// An error carrying the framework's description of `error` as `security` metadata.
    private static func failure(
      _ code: LoyaltyError.Code, _ message: String, _ error: Unmanaged<CFError>?,
      metadata: [String: String] = [:]
    ) -> LoyaltyError {
      var metadata = metadata
      if let error = error?.takeRetainedValue() {
        metadata["security"] = String(describing: error)
      }
      return LoyaltyError(code, message, metadata: metadata)
    }
  }

  extension RSAPadding {
    /// The Security framework's algorithm for this padding.
    fileprivate var algorithm: SecKeyAlgorithm {
      switch self {
      case .oaepSHA256: .rsaEncryptionOAEPSHA256
      case .pkcs1v15: .rsaEncryptionPKCS1
      }
    }
  }
#endif
