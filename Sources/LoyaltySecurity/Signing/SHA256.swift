import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// SHA-256 digests: CryptoKit on Apple platforms, OpenSSL's EVP API elsewhere.
public enum SHA256 {
  /// The digest size: 32 bytes.
  public static let byteCount = 32

  /// The SHA-256 digest of `data`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public static func hash(_ data: Data) throws -> Data {
    try PlatformCrypto.sha256(data)
  }

  /// The SHA-256 digest of `string`'s UTF-8 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public static func hash(_ string: String) throws -> Data {
    try hash(Data(string.utf8))
  }

  /// The lowercase hexadecimal SHA-256 digest of `data`: 64 characters.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public static func hexDigest(_ data: Data) throws -> String {
    HexEncoding.encode(try hash(data))
  }

  /// The lowercase hexadecimal SHA-256 digest of `string`'s UTF-8 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public static func hexDigest(_ string: String) throws -> String {
    try hexDigest(Data(string.utf8))
  }
}
