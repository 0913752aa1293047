import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

@testable import LoyaltySecurity
@testable import LoyaltySecurityCryptoKit

/// The edges of a box, on both backends: every byte is authenticated, a slice opens like
/// the whole, and the key's length is exact.
@Suite("Box edges, on both backends")
struct BoxEdgeTests {
  let key = Data(repeating: 9, count: 32)

  @Test("a change to any byte, nonce, ciphertext or tag, is refused by both")
  func everyByteAuthenticated() throws {
    let box = try Kit.AESGCM.seal(Data("12345".utf8), key: key)
    #expect(box.count == 33)
    for index in box.indices {
      var altered = box
      altered[index] ^= 0x80
      #expect(throws: LoyaltyError.self, "byte \(index)") {
        try Kit.AESGCM.open(altered, key: key)
      }
      #expect(throws: LoyaltyError.self, "byte \(index)") {
        try OpenSSL.AESGCM.open(altered, key: key)
      }
    }
  }

  @Test("a box passed as a slice of larger data opens on both")
  func slices() throws {
    let box = try OpenSSL.AESGCM.seal(Data("slice".utf8), key: key)
    let framed = Data([1, 2, 3]) + box + Data([4])
    let slice = framed[3..<(3 + box.count)]
    #expect(try Kit.AESGCM.open(slice, key: key) == Data("slice".utf8))
    #expect(try OpenSSL.AESGCM.open(slice, key: key) == Data("slice".utf8))
  }

  @Test("a sealed-box cipher takes a 32-byte key only", arguments: [0, 31, 32, 33])
  func keyLength(count: Int) throws {
    let key = Data(repeating: 1, count: count)
    if count == 32 {
      _ = try Kit.SealedBoxCipher(key: key)
    } else {
      let error = #expect(throws: LoyaltyError.self) { try Kit.SealedBoxCipher(key: key) }
      #expect(error?.code == .invalidKey)
    }
  }

  @Test("the conformance suite catches a cipher that does not encrypt")
  func conformanceCatchesBreak() async throws {
    await #expect(throws: ConformanceFailure.self) {
      try await FieldCipherConformance.check(
        { PlainCipher() }, otherKey: { PlainCipher() })
    }
  }
}

/// A broken cipher: it hands the plaintext back.
struct PlainCipher: FieldCipher {
  func seal(_ plaintext: Data) async throws -> Data { plaintext }
  func open(_ ciphertext: Data) async throws -> Data { ciphertext }
}
