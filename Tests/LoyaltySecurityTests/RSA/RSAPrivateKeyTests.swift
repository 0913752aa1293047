import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("RSAPrivateKey")
struct RSAPrivateKeyTests {
  enum Format: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case pkcs8, pkcs1
    var testDescription: String { rawValue }
    var pem: String {
      switch self {
      case .pkcs8: RSATestKeys.privateKeyPKCS8
      case .pkcs1: RSATestKeys.privateKeyPKCS1
      }
    }
  }

  @Test("round-trips through the public key", arguments: Format.allCases, RSAPadding.allCases)
  func roundTrip(format: Format, padding: RSAPadding) throws {
    let privateKey = try RSAPrivateKey(pem: format.pem)
    for publicPEM in [RSATestKeys.publicKeySPKI, RSATestKeys.publicKeyPKCS1] {
      let publicKey = try RSAPublicKey(pem: publicPEM)
      for plaintext in [Data("1234".utf8), Data(), Data(repeating: 0x5A, count: 190)] {
        let ciphertext = try publicKey.encrypt(plaintext, padding: padding)
        #expect(try privateKey.decrypt(ciphertext, padding: padding) == plaintext)
      }
    }
    let own = try privateKey.publicKey.encrypt(Data("4321".utf8), padding: padding)
    #expect(try privateKey.decrypt(own, padding: padding) == Data("4321".utf8))
  }

  /// The ciphertexts come from Python's `cryptography` package.
  @Test("decrypts what another implementation encrypted")
  func knownAnswers() throws {
    let key = try RSAPrivateKey(pem: RSATestKeys.privateKeyPKCS8)
    let oaep = try #require(Data(base64Encoded: RSATestKeys.oaepCiphertextOf1234))
    #expect(try key.decrypt(oaep) == Data("1234".utf8))
    let pkcs1 = try #require(Data(base64Encoded: RSATestKeys.pkcs1CiphertextOf1234))
    #expect(try key.decrypt(pkcs1, padding: .pkcs1v15) == Data("1234".utf8))
  }

  @Test("rejects a wrong key, a wrong padding and damaged OAEP ciphertext")
  func rejects() async throws {
    let key = try RSAPrivateKey(pem: RSATestKeys.privateKeyPKCS8)
    let other = try RSAPrivateKey(pem: RSATestKeys.otherPrivateKey)
    let ciphertext = try key.publicKey.encrypt(Data("1234".utf8))
    await expectLoyaltyError(.decryptionFailed) { _ = try other.decrypt(ciphertext) }
    let pkcs1 = try key.publicKey.encrypt(Data("1234".utf8), padding: .pkcs1v15)
    await expectLoyaltyError(.decryptionFailed) { _ = try key.decrypt(pkcs1) }
    var damaged = ciphertext
    damaged[100] ^= 0x01
    let error = await expectLoyaltyError(.decryptionFailed) { _ = try key.decrypt(damaged) }
    #expect(error?.metadata["openssl"] == nil)
  }

  @Test("rejects ciphertexts of the wrong length")
  func wrongLength() async throws {
    let key = try RSAPrivateKey(pem: RSATestKeys.privateKeyPKCS8)
    for count in [0, 1, 255, 257] {
      await expectLoyaltyError(.invalidCiphertext) { _ = try key.decrypt(Data(count: count)) }
    }
  }

  @Test("rejects public keys and malformed PEM")
  func rejectsPEM() async throws {
    for pem in [
      RSATestKeys.publicKeySPKI, RSATestKeys.publicKeyPKCS1, "", "garbage",
      String(RSATestKeys.privateKeyPKCS8.prefix(300)),
      RSATestKeys.privateKeyPKCS8.replacingOccurrences(
        of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY"),
    ] {
      await expectLoyaltyError(.invalidPEM) { _ = try RSAPrivateKey(pem: pem) }
    }
  }

  @Test("generates key pairs and exports them as PEM")
  func generates() async throws {
    let key = try RSAPrivateKey.generate(bitCount: 2_048)
    #expect(key.bitCount == 2_048)
    #expect(key.description == "RSAPrivateKey(2048 bits)")
    let privatePEM = try key.pemRepresentation()
    #expect(privatePEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    let reloaded = try RSAPrivateKey(pem: privatePEM)
    let publicKey = try RSAPublicKey(pem: try key.publicKey.pemRepresentation())
    let ciphertext = try publicKey.encrypt(Data("9876".utf8))
    #expect(try reloaded.decrypt(ciphertext) == Data("9876".utf8))
    await expectLoyaltyError(.invalidArgument) { _ = try RSAPrivateKey.generate(bitCount: 1_024) }
  }

  @Test("is safe to share between tasks")
  func concurrent() async throws {
    let key = try RSAPrivateKey(pem: RSATestKeys.privateKeyPKCS8)
    let publicKey = try RSAPublicKey(pem: RSATestKeys.publicKeySPKI)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<32 {
        group.addTask {
          let pin = Data(String(format: "%04d", index).utf8)
          let decrypted = try key.decrypt(try publicKey.encrypt(pin))
          #expect(decrypted == pin)
        }
      }
      try await group.waitForAll()
    }
  }
}
