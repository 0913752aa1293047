import Foundation
import Testing

@testable import LoyaltySecurity
@testable import LoyaltySecurityCryptoKit

/// The seed SDK stores a sealed token as the base64 of CryptoKit's combined box (`nonce +
/// ciphertext + tag`), and tells it from a plain token by its not starting with `eyJ`
/// (seed 000, "FieldEncryption"). A token sealed by either backend opens with the other.
@Suite("The seed's sealed token format")
struct SeedFormatTests {
  let key = Data((0..<32).map { UInt8($0) })
  let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyMSJ9.c2lnbmF0dXJl"

  @Test("a token sealed on either backend opens on the other, as the seed stores it")
  func crossBackendToken() async throws {
    let kit = try Kit.SealedBoxCipher(key: key)
    let openSSL = try OpenSSL.SealedBoxCipher(key: key)
    for (sealer, opener) in [(kit, openSSL), (openSSL, kit)] as [(any Cipher, any Cipher)] {
      let stored = try await sealer.seal(Data(token.utf8)).base64EncodedString()
      #expect(!stored.hasPrefix("eyJ"))
      let box = try #require(Data(base64Encoded: stored))
      #expect(box.count == 12 + token.utf8.count + 16)
      #expect(String(decoding: try await opener.open(box), as: UTF8.self) == token)
    }
  }

  @Test("a box with a fixed nonce is the same on both, nonce first")
  func fixedNonce() throws {
    let nonce = Data((100..<112).map { UInt8($0) })
    let kit = try Kit.AESGCM.seal(Data(token.utf8), key: key, nonce: nonce)
    #expect(kit.prefix(12) == nonce)
    #expect(kit == (try OpenSSL.AESGCM.seal(Data(token.utf8), key: key, nonce: nonce)))
  }
}

/// What both sealed-box ciphers offer, for the test above.
protocol Cipher {
  func seal(_ plaintext: Data) async throws -> Data
  func open(_ ciphertext: Data) async throws -> Data
}

extension Kit.SealedBoxCipher: Cipher {}
extension OpenSSL.SealedBoxCipher: Cipher {}
