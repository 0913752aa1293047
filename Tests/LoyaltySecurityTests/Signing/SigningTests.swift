import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

/// Expected values computed with Python's `hashlib` and `hmac`.
@Suite("Signing")
struct SigningTests {
  @Test(
    "SHA256 matches known digests",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "my-api-key1800000000",
        "7082bed97986959c52a1e17b757e012a99a8d56ade58e605a42e2122da2a7e28"
      ),
    ])
  func sha256(input: String, expected: String) throws {
    #expect(try SHA256.hexDigest(input) == expected)
    #expect(try SHA256.hexDigest(Data(input.utf8)) == expected)
    #expect(try SHA256.hash(input) == HexEncoding.decode(expected))
    #expect(try SHA256.hash(Data(input.utf8)).count == SHA256.byteCount)
  }

  @Test(
    "HMACSHA256 matches known codes",
    arguments: [
      (
        "Jefe", "what do ya want for nothing?",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      ),
      (
        "my-api-key", "1800000000",
        "dd886463adab66d0e40a86450ecb675bd6fa67a3a5fe01e565eb870b39e738aa"
      ),
      ("", "", "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
      (
        String(repeating: "k", count: 100), "1800000000",
        "4508eb495158b06edf968bd3a3c7b5053babbdff12c019bb49753c88177279c1"
      ),
    ])
  func hmac(key: String, message: String, expected: String) throws {
    let mac = HMACSHA256(key: Data(key.utf8))
    #expect(try mac.hexAuthenticationCode(for: Data(message.utf8)) == expected)
    #expect(
      try HMACSHA256.authenticationCode(for: Data(message.utf8), key: Data(key.utf8))
        == HexEncoding.decode(expected))
    #expect(!mac.description.contains(key) || key.isEmpty)
  }

  @Test("SHA256RequestSigner signs apiKey + timestamp")
  func sha256Signer() throws {
    let signer = SHA256RequestSigner()
    let signature = try signer.signature(apiKey: "my-api-key", timestamp: "1800000000")
    #expect(signature == "7082bed97986959c52a1e17b757e012a99a8d56ade58e605a42e2122da2a7e28")
    #expect(try signer.signature(apiKey: "my-api-key", timestamp: "1800000000") == signature)
    #expect(try signer.signature(apiKey: "my-api-key", timestamp: "1800000001") != signature)
  }

  @Test("HMACRequestSigner signs the timestamp keyed by the API key")
  func hmacSigner() throws {
    let signer = HMACRequestSigner()
    #expect(
      try signer.signature(apiKey: "my-api-key", timestamp: "1800000000")
        == "dd886463adab66d0e40a86450ecb675bd6fa67a3a5fe01e565eb870b39e738aa")
    #expect(
      try signer.signature(apiKey: "other-key", timestamp: "1800000000")
        != signer.signature(apiKey: "my-api-key", timestamp: "1800000000"))
  }

  @Test("signers are safe to call concurrently")
  func concurrentSigning() async throws {
    let signers: [any RequestSigner] = [SHA256RequestSigner(), HMACRequestSigner()]
    for signer in signers {
      let expected = try signer.signature(apiKey: "key", timestamp: "1")
      try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<50 {
          group.addTask { try signer.signature(apiKey: "key", timestamp: "1") }
        }
        for try await signature in group {
          #expect(signature == expected)
        }
      }
    }
  }

  @Test("HexEncoding round-trips and rejects bad text")
  func hex() {
    let bytes = Data([0x00, 0x0f, 0xa0, 0xff])
    #expect(HexEncoding.encode(bytes) == "000fa0ff")
    #expect(HexEncoding.encode(bytes, uppercase: true) == "000FA0FF")
    #expect(HexEncoding.decode("000fA0Ff") == bytes)
    #expect(HexEncoding.decode("") == Data())
    #expect(HexEncoding.decode("abc") == nil)
    #expect(HexEncoding.decode("zz") == nil)
  }

  @Test("SecureRandom returns fresh bytes of the asked size")
  func random() async throws {
    #expect(try SecureRandom.bytes(count: 0) == Data())
    let first = try SecureRandom.bytes(count: 32)
    #expect(first.count == 32)
    #expect(try SecureRandom.bytes(count: 32) != first)
    await expectLoyaltyError(.invalidArgument) { _ = try SecureRandom.bytes(count: -1) }
    await expectLoyaltyError(.invalidArgument) {
      _ = try SecureRandom.bytes(count: SecureRandom.maximumByteCount + 1)
    }
  }
}
