import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("AESGCM")
struct AESGCMTests {
  let key = Data((0..<32).map { UInt8($0) })

  @Test("round-trips", arguments: [0, 1, 1_024, 1 << 20])
  func roundTrips(byteCount: Int) throws {
    let plaintext = Data((0..<byteCount).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    let sealed = try AESGCM.seal(plaintext, key: key)
    #expect(sealed.count == byteCount + AESGCM.overheadByteCount)
    #expect(try AESGCM.open(sealed, key: key) == plaintext)
  }

  /// Sealed by Python's `cryptography` (AESGCM, key 00...1f, nonce cafebabefacedbaddecaf888).
  @Test("opens what another implementation sealed")
  func knownAnswer() throws {
    let sealed = try #require(
      HexEncoding.decode(
        "cafebabefacedbaddecaf888e6ccd947c60e363b206238b11f3dec516e52b921ab70051ac34e04135b91b0"
          + "ce196b58cce5b292e8"))
    #expect(try AESGCM.open(sealed, key: key) == Data("loyalty field encryption".utf8))
    let empty = try #require(
      HexEncoding.decode("cafebabefacedbaddecaf8885b0a77e3716cc7e86cf71b26dee7d5a4"))
    #expect(try AESGCM.open(empty, key: key) == Data())
  }

  @Test("lays out nonce, ciphertext and tag")
  func layout() throws {
    let plaintext = Data("layout".utf8)
    let sealed = try AESGCM.seal(plaintext, key: key)
    #expect(AESGCM.nonceByteCount == 12)
    #expect(AESGCM.tagByteCount == 16)
    #expect(AESGCM.overheadByteCount == 28)
    #expect(sealed.count == 12 + plaintext.count + 16)
    #expect(sealed.range(of: plaintext) == nil)
  }

  enum Region: String, CaseIterable, CustomTestStringConvertible {
    case nonceFirst, nonceLast, ciphertextFirst, ciphertextLast, tagFirst, tagLast
    var testDescription: String { rawValue }

    func index(in sealed: Data, plaintextCount: Int) -> Int {
      switch self {
      case .nonceFirst: 0
      case .nonceLast: 11
      case .ciphertextFirst: 12
      case .ciphertextLast: 12 + plaintextCount - 1
      case .tagFirst: 12 + plaintextCount
      case .tagLast: sealed.count - 1
      }
    }
  }

  @Test("rejects a flipped bit in every region", arguments: Region.allCases)
  func tamper(region: Region) async throws {
    let plaintext = Data("a field worth protecting".utf8)
    let sealed = try AESGCM.seal(plaintext, key: key)
    for bit in [0, 7] {
      var tampered = sealed
      tampered[region.index(in: sealed, plaintextCount: plaintext.count)] ^= UInt8(1 << bit)
      await expectLoyaltyError(.decryptionFailed) { _ = try AESGCM.open(tampered, key: key) }
    }
  }

  @Test("rejects a wrong key")
  func wrongKey() async throws {
    let sealed = try AESGCM.seal(Data("secret".utf8), key: key)
    var otherKey = key
    otherKey[31] ^= 0x80
    let error = await expectLoyaltyError(.decryptionFailed) {
      _ = try AESGCM.open(sealed, key: otherKey)
    }
    #expect(error?.message.contains("secret") == false)
  }

  @Test("rejects data shorter than nonce and tag", arguments: [0, 1, 12, 27])
  func truncatedBelowOverhead(byteCount: Int) async throws {
    let sealed = try AESGCM.seal(Data("truncate me".utf8), key: key)
    await expectLoyaltyError(.invalidCiphertext) {
      _ = try AESGCM.open(sealed.prefix(byteCount), key: key)
    }
  }

  @Test("rejects data truncated at or above the minimum length")
  func truncatedAboveOverhead() async throws {
    let sealed = try AESGCM.seal(Data("truncate me".utf8), key: key)
    for length in [28, sealed.count - 1] {
      await expectLoyaltyError(.decryptionFailed) {
        _ = try AESGCM.open(sealed.prefix(length), key: key)
      }
    }
    var extended = sealed
    extended.append(0)
    await expectLoyaltyError(.decryptionFailed) { _ = try AESGCM.open(extended, key: key) }
  }

  @Test("rejects keys that are not 32 bytes", arguments: [0, 16, 24, 31, 33, 64])
  func invalidKeyLength(byteCount: Int) async throws {
    let badKey = Data(repeating: 7, count: byteCount)
    await expectLoyaltyError(.invalidKey) { _ = try AESGCM.seal(Data("x".utf8), key: badKey) }
    let sealed = try AESGCM.seal(Data("x".utf8), key: key)
    await expectLoyaltyError(.invalidKey) { _ = try AESGCM.open(sealed, key: badKey) }
  }

  @Test("uses a fresh nonce for each of 10,000 seals")
  func nonceUniqueness() throws {
    let plaintext = Data("same plaintext".utf8)
    var nonces: Set<Data> = []
    var boxes: Set<Data> = []
    for _ in 0..<10_000 {
      let sealed = try AESGCM.seal(plaintext, key: key)
      nonces.insert(Data(sealed.prefix(AESGCM.nonceByteCount)))
      boxes.insert(sealed)
    }
    #expect(nonces.count == 10_000)
    #expect(boxes.count == 10_000)
  }

  @Test("opens a slice that does not start at index zero")
  func slices() throws {
    let plaintext = Data("slice".utf8)
    let framed = Data([1, 2, 3]) + (try AESGCM.seal(plaintext, key: key)) + Data([9])
    let slice = framed.dropFirst(3).dropLast()
    #expect(try AESGCM.open(slice, key: key) == plaintext)
    #expect(try AESGCM.open(try AESGCM.seal(plaintext, key: key[0..<32]), key: key) == plaintext)
  }

  @Test("works from many tasks at once")
  func concurrent() async throws {
    let key = key
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<64 {
        group.addTask {
          let plaintext = Data("value-\(index)".utf8)
          let opened = try AESGCM.open(try AESGCM.seal(plaintext, key: key), key: key)
          #expect(opened == plaintext)
        }
      }
      try await group.waitForAll()
    }
  }
}
