import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

/// The conformance suites any implementation of a capability must pass, on the CryptoKit
/// backend's types.
@Suite("Conformance, on the CryptoKit backend")
struct ConformanceTests {
  @Test("a sealed-box cipher is a FieldCipher")
  func fieldCipher() async throws {
    let key = Data(repeating: 1, count: 32)
    try await FieldCipherConformance.check(
      { try Kit.SealedBoxCipher(key: key) },
      otherKey: { try Kit.SealedBoxCipher(key: Data(repeating: 2, count: 32)) })
  }

  @Test("the in-memory key store is a KeyStore, its keys drawn from the system generator")
  func keyStore() async throws {
    try await KeyStoreConformance.check { Kit.InMemoryKeyStore() }
  }

  @Test("random bytes: every count from 0 to 33 and the largest, and nothing beyond")
  func randomBytes() throws {
    for count in Array(0...33) + [Kit.SecureRandom.maximumByteCount] {
      #expect(try Kit.SecureRandom.bytes(count: count).count == count)
    }
    for count in [-1, Kit.SecureRandom.maximumByteCount + 1] {
      let error = #expect(throws: LoyaltyError.self) { try Kit.SecureRandom.bytes(count: count) }
      #expect(error?.code == .invalidArgument)
    }
    // 32 random bytes repeat with odds of 2^-256; equal draws mean a broken generator.
    #expect(try Kit.SecureRandom.bytes(count: 32) != Kit.SecureRandom.bytes(count: 32))
    let many = try Kit.SecureRandom.bytes(count: 1 << 16)
    #expect(Set(many).count == 256)
  }
}
