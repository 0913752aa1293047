import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// HMAC-SHA256 message authentication codes: CryptoKit on Apple platforms, OpenSSL 3's
/// `EVP_MAC` API elsewhere.
///
/// ```swift
/// let mac = try HMACSHA256(key: Data("secret".utf8)).authenticationCode(for: message)
/// ```
public struct HMACSHA256: Sendable, CustomStringConvertible {
  /// The code size: 32 bytes.
  public static let byteCount = 32

  private let key: Data

  /// Creates an authenticator keyed by `key`; any length works, including empty.
  public init(key: Data) {
    self.key = key
  }

  /// Never shows the key.
  public var description: String { "HMACSHA256(key: <masked>)" }

  /// The HMAC-SHA256 of `message`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public func authenticationCode(for message: Data) throws -> Data {
    try PlatformCrypto.hmacSHA256(message, key: key)
  }

  /// The lowercase hexadecimal HMAC-SHA256 of `message`: 64 characters.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public func hexAuthenticationCode(for message: Data) throws -> String {
    HexEncoding.encode(try authenticationCode(for: message))
  }

  /// The HMAC-SHA256 of `message` under `key`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when the backend fails.
  public static func authenticationCode(for message: Data, key: Data) throws -> Data {
    try HMACSHA256(key: key).authenticationCode(for: message)
  }
}
