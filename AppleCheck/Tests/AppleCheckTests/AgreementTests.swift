import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltySecurity
@testable import LoyaltySecurityCryptoKit

/// Each backend opens what the other sealed and computes the same digests: a value sealed
/// on an iPhone opens on a Linux server, and a signature made on one verifies on the other.
@Suite("The CryptoKit and OpenSSL backends agree")
struct AgreementTests {
  static let inputCount = 10_000
  static let maximumByteCount = 4_096

  /// Which backend seals and which opens.
  enum Direction: String, CaseIterable, Sendable {
    case openSSLToKit = "sealed by OpenSSL, opened by CryptoKit"
    case kitToOpenSSL = "sealed by CryptoKit, opened by OpenSSL"
  }

  @Test(
    "each opens what the other sealed: 10,000 inputs of 0 to 4 KiB each way",
    arguments: Direction.allCases)
  func crossBackend(direction: Direction) throws {
    let (seal, open): ((Data, Data) throws -> Data, (Data, Data) throws -> Data) =
      switch direction {
      case .openSSLToKit:
        ({ try OpenSSL.AESGCM.seal($0, key: $1) }, { try Kit.AESGCM.open($0, key: $1) })
      case .kitToOpenSSL:
        ({ try Kit.AESGCM.seal($0, key: $1) }, { try OpenSSL.AESGCM.open($0, key: $1) })
      }
    var random = SeededGenerator(state: direction == .openSSLToKit ? 1 : 2)
    for index in 0..<Self.inputCount {
      let key = random.bytes(32)
      let plaintext = random.bytes(Int.random(in: 0...Self.maximumByteCount, using: &random))
      guard try open(seal(plaintext, key), key) == plaintext else {
        Issue.record("input \(index) (\(plaintext.count) bytes) did not round-trip")
        return
      }
    }
  }

  @Test("the same key and nonce give the same box, byte for byte")
  func sameBox() throws {
    var random = SeededGenerator(state: 3)
    for byteCount in [0, 1, 15, 16, 17, 4_095, 4_096, 65_537] {
      let key = random.bytes(32)
      let nonce = random.bytes(12)
      let plaintext = random.bytes(byteCount)
      #expect(
        try Kit.AESGCM.seal(plaintext, key: key, nonce: nonce)
          == OpenSSL.AESGCM.seal(plaintext, key: key, nonce: nonce))
    }
  }

  @Test("the same SHA-256 for the same bytes")
  func sameDigests() throws {
    var random = SeededGenerator(state: 4)
    for byteCount in [0, 1, 55, 56, 63, 64, 65] + (0..<500).map({ $0 * 13 }) {
      let data = random.bytes(byteCount)
      #expect(try Kit.SHA256.hash(data) == OpenSSL.SHA256.hash(data))
    }
  }

  @Test("the same HMAC-SHA256 for the same key and message, at the block size's edges")
  func sameCodes() throws {
    var random = SeededGenerator(state: 5)
    // The key is padded up to the 64-byte block below it and hashed above it.
    for keyCount in [0, 1, 31, 32, 63, 64, 65, 131] {
      for messageCount in [0, 1, 64, 1_000] {
        let key = random.bytes(keyCount)
        let message = random.bytes(messageCount)
        #expect(
          try Kit.HMACSHA256(key: key).authenticationCode(for: message)
            == OpenSSL.HMACSHA256(key: key).authenticationCode(for: message))
      }
    }
  }

  @Test("the request signers sign alike", arguments: ["", "key-123", "κλειδί"])
  func sameSignatures(apiKey: String) throws {
    for timestamp in ["0", "1765000000"] {
      #expect(
        try Kit.SHA256RequestSigner().signature(apiKey: apiKey, timestamp: timestamp)
          == OpenSSL.SHA256RequestSigner().signature(apiKey: apiKey, timestamp: timestamp))
      #expect(
        try Kit.HMACRequestSigner().signature(apiKey: apiKey, timestamp: timestamp)
          == OpenSSL.HMACRequestSigner().signature(apiKey: apiKey, timestamp: timestamp))
    }
  }

  @Test("both refuse the same bad input with the same error code")
  func sameErrors() throws {
    let key = Data(repeating: 7, count: 32)
    let sealed = try Kit.AESGCM.seal(Data("secret".utf8), key: key)
    var altered = sealed
    altered[altered.startIndex + 13] ^= 1
    let cases: [(String, (Data, Data) throws -> Data, Data, Data, LoyaltyError.Code)] = [
      (
        "a wrong key", { try OpenSSL.AESGCM.open($0, key: $1) }, sealed, Data(count: 32),
        .decryptionFailed
      ),
      (
        "a wrong key", { try Kit.AESGCM.open($0, key: $1) }, sealed, Data(count: 32),
        .decryptionFailed
      ),
      (
        "an altered byte", { try OpenSSL.AESGCM.open($0, key: $1) }, altered, key, .decryptionFailed
      ),
      ("an altered byte", { try Kit.AESGCM.open($0, key: $1) }, altered, key, .decryptionFailed),
      (
        "27 bytes", { try OpenSSL.AESGCM.open($0, key: $1) }, Data(sealed.prefix(27)), key,
        .invalidCiphertext
      ),
      (
        "27 bytes", { try Kit.AESGCM.open($0, key: $1) }, Data(sealed.prefix(27)), key,
        .invalidCiphertext
      ),
      (
        "a 31-byte key", { try OpenSSL.AESGCM.open($0, key: $1) }, sealed, Data(count: 31),
        .invalidKey
      ),
      ("a 31-byte key", { try Kit.AESGCM.open($0, key: $1) }, sealed, Data(count: 31), .invalidKey),
    ]
    for (name, open, data, key, code) in cases {
      let error = #expect(throws: LoyaltyError.self, "\(name)") { try open(data, key) }
      #expect(error?.code == code, "\(name)")
    }
    // 28 bytes is the shortest box: an empty plaintext.
    let empty = try Kit.AESGCM.seal(Data(), key: key)
    #expect(empty.count == 28)
    #expect(try OpenSSL.AESGCM.open(empty, key: key) == Data())
  }
}
