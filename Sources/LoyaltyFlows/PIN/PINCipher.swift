import LoyaltyCore
public import LoyaltySecurity

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encrypts a PIN with the server's RSA public key, just before it is sent (seed 68-69,
/// 73): OAEP-SHA256 by default, PKCS #1 v1.5 for a backend that expects the seed's
/// SecKey padding.
public struct PINCipher: Sendable {
  /// The server's key.
  public let key: RSAPublicKey
  /// The padding.
  public let padding: RSAPadding

  /// Creates a cipher.
  public init(key: RSAPublicKey, padding: RSAPadding = .oaepSHA256) {
    self.key = key
    self.padding = padding
  }

  /// The PIN encrypted and base64-encoded; the copy handed to OpenSSL is wiped.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/encryptionFailed``.
  func seal(_ pin: [UInt8]) throws -> String {
    var plaintext = Data(pin)
    defer { plaintext.resetBytes(in: 0..<plaintext.count) }
    return try key.encrypt(plaintext, padding: padding).base64EncodedString()
  }
}
