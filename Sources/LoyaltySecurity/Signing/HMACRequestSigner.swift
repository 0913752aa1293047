public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request signer for backends that accept HMAC: `loyalty-signature` is the lowercase
/// hexadecimal HMAC-SHA256 of the `loyalty-date` timestamp, keyed by the API key.
///
/// Unlike ``SHA256RequestSigner``, the API key is used only as the MAC key.
public struct HMACRequestSigner: RequestSigner {
  /// Creates the signer.
  public init() {}

  /// `hex(HMAC-SHA256(key: apiKey, message: timestamp))`, lowercase.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public func signature(apiKey: String, timestamp: String) throws -> String {
    try HMACSHA256(key: Data(apiKey.utf8)).hexAuthenticationCode(for: Data(timestamp.utf8))
  }
}
