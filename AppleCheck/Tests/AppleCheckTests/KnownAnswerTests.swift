import Foundation
import Testing

@testable import LoyaltySecurity
@testable import LoyaltySecurityCryptoKit

/// Answers published by others, on each backend: NIST's SHA-256 examples, RFC 4231's
/// HMAC-SHA256 cases, and the AES-256 cases of the GCM specification (McGrew and Viega,
/// test cases 13 to 15).
@Suite("Known answers, on both backends")
struct KnownAnswerTests {
  static let sha256Cases: [(Data, String)] = [
    (Data(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (Data("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      Data(repeating: UInt8(ascii: "a"), count: 1_000_000),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    ),
  ]

  @Test("SHA-256: NIST's examples")
  func sha256() throws {
    for (input, digest) in Self.sha256Cases {
      #expect(try Kit.SHA256.hash(input) == hex(digest))
      #expect(try OpenSSL.SHA256.hash(input) == hex(digest))
      #expect(try Kit.SHA256.hexDigest(input) == digest)
    }
  }

  static let hmacCases: [(key: Data, message: Data, code: String)] = [
    (
      Data(repeating: 0x0b, count: 20), Data("Hi There".utf8),
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    ),
    (
      Data("Jefe".utf8), Data("what do ya want for nothing?".utf8),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ),
    (
      Data(repeating: 0xaa, count: 20), Data(repeating: 0xdd, count: 50),
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
    ),
    (
      Data(1...25), Data(repeating: 0xcd, count: 50),
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
    ),
    // Case 5 gives the first 128 bits only.
    (
      Data(repeating: 0x0c, count: 20), Data("Test With Truncation".utf8),
      "a3b6167473100ee06e0c796c2955552b"
    ),
    (
      Data(repeating: 0xaa, count: 131),
      Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    ),
    (
      Data(repeating: 0xaa, count: 131),
      Data(
        ("This is a test using a larger than block-size key and a larger than block-size "
          + "data. The key needs to be hashed before being used by the HMAC algorithm.").utf8),
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
    ),
  ]

  @Test("HMAC-SHA256: RFC 4231's seven cases")
  func hmac() throws {
    for (key, message, code) in Self.hmacCases {
      let expected = hex(code)
      let kit = try Kit.HMACSHA256(key: key).authenticationCode(for: message)
      let openSSL = try OpenSSL.HMACSHA256(key: key).authenticationCode(for: message)
      #expect(kit.prefix(expected.count) == expected)
      #expect(openSSL.prefix(expected.count) == expected)
    }
  }

  static let gcmCases: [(key: String, nonce: String, plaintext: String, sealed: String)] = [
    (
      String(repeating: "00", count: 32), String(repeating: "00", count: 12), "",
      "530f8afbc74536b9a963b4f1c4cb738b"
    ),
    (
      String(repeating: "00", count: 32), String(repeating: "00", count: 12),
      String(repeating: "00", count: 16),
      "cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919"
    ),
    (
      "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
      "cafebabefacedbaddecaf888",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
        + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
        + "b094dac5d93471bdec1a502270e3cc6c"
    ),
  ]

  @Test("AES-256-GCM: the specification's cases 13, 14 and 15, sealed and opened")
  func gcm() throws {
    for (key, nonce, plaintext, sealed) in Self.gcmCases {
      let box = hex(nonce) + hex(sealed)
      #expect(try Kit.AESGCM.seal(hex(plaintext), key: hex(key), nonce: hex(nonce)) == box)
      #expect(try OpenSSL.AESGCM.seal(hex(plaintext), key: hex(key), nonce: hex(nonce)) == box)
      #expect(try Kit.AESGCM.open(box, key: hex(key)) == hex(plaintext))
      #expect(try OpenSSL.AESGCM.open(box, key: hex(key)) == hex(plaintext))
    }
  }
}
