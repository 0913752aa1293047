public import LoyaltyCore

/// The platform's request signer: `loyalty-signature` is the lowercase hexadecimal
/// SHA-256 of the API key followed by the `loyalty-date` timestamp.
///
/// ```swift
/// let signature = try SHA256RequestSigner().signature(apiKey: apiKey, timestamp: "1800000000")
/// ```
public struct SHA256RequestSigner: RequestSigner {
  /// Creates the signer.
  public init() {}

  /// `hex(SHA-256(apiKey + timestamp))`, lowercase.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public func signature(apiKey: String, timestamp: String) throws -> String {
    try SHA256.hexDigest(apiKey + timestamp)
  }
}
