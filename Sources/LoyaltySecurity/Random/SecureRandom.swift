import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Cryptographically secure random bytes: the system's generator on Apple platforms,
/// OpenSSL's `RAND_bytes` elsewhere.
public enum SecureRandom {
  /// The most bytes one call returns.
  public static let maximumByteCount = 1 << 20

  /// Returns `count` random bytes.
  /// - Parameter count: How many bytes, from 0 to ``maximumByteCount``.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for a count out of range,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyGenerationFailed`` when the generator fails.
  public static func bytes(count: Int) throws -> Data {
    try bytes(count: count, failure: .keyGenerationFailed)
  }

  /// Returns `count` random bytes, throwing `failure` when the generator fails.
  static func bytes(count: Int, failure: LoyaltyError.Code) throws -> Data {
    guard (0...maximumByteCount).contains(count) else {
      throw LoyaltyError(
        .invalidArgument,
        "Asked for \(count) random bytes; the count must be between 0 and \(maximumByteCount).",
        metadata: ["count": String(count)])
    }
    guard count > 0 else { return Data() }
    guard let bytes = PlatformCrypto.randomBytes(count: count) else {
      throw PlatformCrypto.error(
        failure, "The random number generator failed to produce \(count) bytes.",
        recoverySuggestion: "Check that the system's entropy source and crypto library work.",
        metadata: [:])
    }
    return bytes
  }
}
