import CLoyaltyCrypto
import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// HMAC-SHA256 message authentication codes through OpenSSL 3's `EVP_MAC` API.
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
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public func authenticationCode(for message: Data) throws -> Data {
    guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else {
      throw OpenSSLErrorQueue.error(.signingFailed, "OpenSSL has no HMAC implementation.")
    }
    defer { EVP_MAC_free(mac) }
    guard let context = EVP_MAC_CTX_new(mac) else {
      throw OpenSSLErrorQueue.error(.signingFailed, "Could not allocate an HMAC context.")
    }
    defer { EVP_MAC_CTX_free(context) }

    // EVP_MAC_init treats a NULL key as "keep the current key"; an empty key still
    // needs a valid pointer.
    var placeholder: UInt8 = 0
    let initialised = key.withUnsafeBytes { keyBuffer in
      withUnsafePointer(to: &placeholder) { placeholderPointer in
        let keyPointer =
          keyBuffer.bindMemory(to: UInt8.self).baseAddress ?? placeholderPointer
        return cloyalty_evp_mac_init_with_digest(context, keyPointer, keyBuffer.count, "SHA256")
      }
    }
    guard initialised == 1 else {
      throw OpenSSLErrorQueue.error(.signingFailed, "Could not initialise HMAC-SHA256.")
    }
    let updated = message.withUnsafeBytes { buffer in
      buffer.isEmpty
        ? 1 : EVP_MAC_update(context, buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count)
    }
    guard updated == 1 else {
      throw OpenSSLErrorQueue.error(.signingFailed, "HMAC-SHA256 failed.")
    }
    var code = Data(count: Self.byteCount)
    var length = 0
    let finished = code.withUnsafeMutableBytes { output in
      EVP_MAC_final(
        context, output.bindMemory(to: UInt8.self).baseAddress, &length, Self.byteCount)
    }
    guard finished == 1, length == Self.byteCount else {
      throw OpenSSLErrorQueue.error(.signingFailed, "HMAC-SHA256 failed.")
    }
    return code
  }

  /// The lowercase hexadecimal HMAC-SHA256 of `message`: 64 characters.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public func hexAuthenticationCode(for message: Data) throws -> String {
    HexEncoding.encode(try authenticationCode(for: message))
  }

  /// The HMAC-SHA256 of `message` under `key`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/signingFailed`` when OpenSSL fails.
  public static func authenticationCode(for message: Data, key: Data) throws -> Data {
    try HMACSHA256(key: key).authenticationCode(for: message)
  }
}
