import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

@testable import LoyaltySecurity

@Suite("SealedBoxCipher")
struct SealedBoxCipherTests {
  @Test("keeps the FieldCipher contract")
  func conforms() async throws {
    let key = Data(repeating: 7, count: 32)
    try await FieldCipherConformance.check {
      try SealedBoxCipher(key: key)
    } otherKey: {
      try SealedBoxCipher(key: Data(repeating: 8, count: 32))
    }
  }

  @Test(
    "refuses a key that is not 32 bytes with invalidKey, accepts exactly 32",
    arguments: [0, 31, 32, 33, 64])
  func keyLength(count: Int) throws {
    let key = Data(repeating: 1, count: count)
    if count == 32 {
      _ = try SealedBoxCipher(key: key)
    } else {
      let error = #expect(throws: LoyaltyError.self) { try SealedBoxCipher(key: key) }
      #expect(error?.code == .invalidKey)
    }
  }

  @Test("opens a box laid out as nonce, ciphertext and tag, as the seed SDK stores it")
  func opensSeedLayout() async throws {
    let key = Data((0..<32).map { UInt8($0) })
    let nonce = Data((100..<112).map { UInt8($0) })
    let box = try AESGCM.seal(Data("eyJ.seed.token".utf8), key: key, nonce: nonce)
    #expect(box.prefix(12) == nonce)
    #expect(box.count == 12 + 14 + 16)
    let cipher = try SealedBoxCipher(key: key)
    #expect(try await cipher.open(box) == Data("eyJ.seed.token".utf8))
    let wrong = try SealedBoxCipher(key: Data(repeating: 0, count: 32))
    let error = await #expect(throws: LoyaltyError.self) { try await wrong.open(box) }
    #expect(error?.code == .decryptionFailed)
  }
}
