import Foundation
import LoyaltyCore

/// A field cipher for tests only: a keyed XOR stream with a random nonce and a keyed
/// 64-bit FNV tag. Not encryption worth the name, but reversible, different for every
/// seal, and it rejects a wrong key, tampered bytes and truncated input the way the
/// ``FieldCipher`` contract requires.
struct TestFieldCipher: FieldCipher {
  private static let magic: [UInt8] = Array("TC1".utf8)
  private static let nonceCount = 8
  private static let tagCount = 8

  let key: [UInt8]

  init(key: String = "test-key-0123456789") {
    self.key = Array(key.utf8)
  }

  func seal(_ plaintext: Data) async throws -> Data {
    let nonce = (0..<Self.nonceCount).map { _ in UInt8.random(in: 0...255) }
    let body = transform(Array(plaintext), nonce: nonce)
    return Data(Self.magic + nonce + body + tag(nonce: nonce, body: body))
  }

  func open(_ ciphertext: Data) async throws -> Data {
    let bytes = Array(ciphertext)
    let overhead = Self.magic.count + Self.nonceCount + Self.tagCount
    guard bytes.count >= overhead, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
      throw LoyaltyError(.invalidCiphertext, "Too short to be a test ciphertext.")
    }
    let nonce = Array(bytes[Self.magic.count..<(Self.magic.count + Self.nonceCount)])
    let body = Array(bytes[(Self.magic.count + Self.nonceCount)..<(bytes.count - Self.tagCount)])
    guard Array(bytes.suffix(Self.tagCount)) == tag(nonce: nonce, body: body) else {
      throw LoyaltyError(.decryptionFailed, "The test ciphertext does not authenticate.")
    }
    return Data(transform(body, nonce: nonce))
  }

  private func transform(_ bytes: [UInt8], nonce: [UInt8]) -> [UInt8] {
    bytes.enumerated().map { index, byte in
      byte ^ key[index % key.count] ^ nonce[index % nonce.count]
        ^ UInt8(truncatingIfNeeded: index &* 31 &+ 7)
    }
  }

  private func tag(nonce: [UInt8], body: [UInt8]) -> [UInt8] {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key + nonce + body + key {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
  }
}
