import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which part of an RSA key a PEM document holds, or an operation needs.
enum RSAKeyPart: Sendable {
  /// The public key alone.
  case publicKey
  /// The private key with its public key.
  case keyPair

  /// `public` or `private`, for messages.
  var kind: String {
    switch self {
    case .publicKey: "public"
    case .keyPair: "private"
    }
  }

  /// Finds the PEM block in `pem` and checks that its label is one of `labels`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM``.
  func document(_ pem: String, labels: Set<String>) throws -> PEMDocument {
    let document = try PEMDocument(pem, kind: kind)
    guard labels.contains(document.label) else {
      throw LoyaltyError(
        .invalidPEM,
        "The PEM document is a '\(document.label)', not an RSA \(kind) key.",
        recoverySuggestion: "Pass a PEM starting with "
          + labels.stablySorted().map { "-----BEGIN \($0)-----" }.joined(separator: " or ") + ".",
        metadata: ["label": document.label])
    }
    return document
  }
}

/// An RSA key of a crypto backend: what ``RSAPublicKey`` and ``RSAPrivateKey`` hold.
///
/// Two backends, chosen at compile time as ``CryptoBackend`` is: the Security framework's
/// `SecKey` on Apple platforms (`SecurityRSAKey`), OpenSSL's `EVP_PKEY` elsewhere
/// (``EVPKey``). Both read and write the same PEM documents; the DER conversions the
/// Security framework needs (``RSAKeyDER``) are pure Swift and tested here against
/// OpenSSL's own encodings.
protocol RSAKeyBackend: Sendable {
  /// Decodes the key of `part` from PEM text whose label is one of `labels`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM``.
  static func decode(pem: String, labels: Set<String>, part: RSAKeyPart) throws -> Self

  /// Generates a new key pair of `bitCount` bits (checked by the caller).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/keyGenerationFailed``.
  static func generate(bitCount: Int) throws -> Self

  /// The public key of a key pair; a public key itself.
  var publicPart: Self { get }

  /// The modulus size in bits.
  var bitCount: Int { get }

  /// The modulus size in bytes: the size of every ciphertext.
  var byteCount: Int { get }

  /// The key as PEM: SubjectPublicKeyInfo (`PUBLIC KEY`) for ``RSAKeyPart/publicKey``,
  /// unencrypted PKCS #8 (`PRIVATE KEY`) for ``RSAKeyPart/keyPair``.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/internalInconsistency``.
  func pem(part: RSAKeyPart) throws -> String

  /// Encrypts `data`, whose length the caller checked, with `padding`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/encryptionFailed``.
  func encrypt(_ data: Data, padding: RSAPadding) throws -> Data

  /// Decrypts `ciphertext`, whose length the caller checked, with `padding`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decryptionFailed``, without the library's
  ///   reason: telling padding failures apart is what padding-oracle attacks feed on.
  func decrypt(_ ciphertext: Data, padding: RSAPadding) throws -> Data
}

#if canImport(Security)
  /// The RSA keys of this build: the Security framework's.
  typealias PlatformRSAKey = SecurityRSAKey
#elseif !LOYALTY_CRYPTOKIT
  /// The RSA keys of this build: OpenSSL's.
  typealias PlatformRSAKey = EVPKey
#endif
