import Foundation

@testable import LoyaltySecurity
@testable import LoyaltySecurityCryptoKit

/// The two backends' types side by side: the SDK's Linux build (OpenSSL) and the Apple
/// build's files compiled against swift-crypto (CryptoKit's API).
enum OpenSSL {
  typealias AESGCM = LoyaltySecurity.AESGCM
  typealias SHA256 = LoyaltySecurity.SHA256
  typealias HMACSHA256 = LoyaltySecurity.HMACSHA256
  typealias SecureRandom = LoyaltySecurity.SecureRandom
  typealias SealedBoxCipher = LoyaltySecurity.SealedBoxCipher
  typealias SHA256RequestSigner = LoyaltySecurity.SHA256RequestSigner
  typealias HMACRequestSigner = LoyaltySecurity.HMACRequestSigner
  typealias HexEncoding = LoyaltySecurity.HexEncoding
}

/// See ``OpenSSL``.
enum Kit {
  typealias AESGCM = LoyaltySecurityCryptoKit.AESGCM
  typealias SHA256 = LoyaltySecurityCryptoKit.SHA256
  typealias HMACSHA256 = LoyaltySecurityCryptoKit.HMACSHA256
  typealias SecureRandom = LoyaltySecurityCryptoKit.SecureRandom
  typealias SealedBoxCipher = LoyaltySecurityCryptoKit.SealedBoxCipher
  typealias SHA256RequestSigner = LoyaltySecurityCryptoKit.SHA256RequestSigner
  typealias HMACRequestSigner = LoyaltySecurityCryptoKit.HMACRequestSigner
  typealias HexEncoding = LoyaltySecurityCryptoKit.HexEncoding
  typealias InMemoryKeyStore = LoyaltySecurityCryptoKit.InMemoryKeyStore
}

/// A seeded generator (SplitMix64), so a failing input can be found again from its index.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `count` bytes.
  mutating func bytes(_ count: Int) -> Data {
    Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &self) })
  }
}

/// Bytes from hexadecimal, for known answers.
func hex(_ text: String) -> Data {
  var bytes = Data()
  var index = text.startIndex
  while index < text.endIndex {
    let next = text.index(index, offsetBy: 2)
    bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
    index = next
  }
  return bytes
}
