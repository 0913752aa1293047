import CLoyaltyCrypto
import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// SHA-256 digests through OpenSSL's EVP API.
public enum SHA256 {
  /// The digest size: 32 bytes.
  public static let byteCount = 32

  /// The SHA-256 digest of `data`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public static func hash(_ data: Data) throws -> Data {
    var digest = Data(count: byteCount)
    var length: UInt32 = 0
    let status = digest.withUnsafeMutableBytes { output in
      data.withUnsafeBytes { input in
        EVP_Digest(
          input.baseAddress ?? UnsafeRawPointer(output.baseAddress), input.count,
          output.bindMemory(to: UInt8.self).baseAddress, &length, EVP_sha256(), nil)
      }
    }
    guard status == 1, length == UInt32(byteCount) else {
      throw OpenSSLErrorQueue.error(.signingFailed, "SHA-256 hashing failed.")
    }
    return digest
  }

  /// The SHA-256 digest of `string`'s UTF-8 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public static func hash(_ string: String) throws -> Data {
    try hash(Data(string.utf8))
  }

  /// The lowercase hexadecimal SHA-256 digest of `data`: 64 characters.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public static func hexDigest(_ data: Data) throws -> String {
    HexEncoding.encode(try hash(data))
  }

  /// The lowercase hexadecimal SHA-256 digest of `string`'s UTF-8 bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public static func hexDigest(_ string: String) throws -> String {
    try hexDigest(Data(string.utf8))
  }
}
