import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("InMemoryKeyStore")
struct InMemoryKeyStoreTests {
  @Test("keeps the KeyStore contract")
  func conforms() async throws {
    try await KeyStoreConformance.check { InMemoryKeyStore() }
  }

  @Test("starts with the keys it is given")
  func initialKeys() async throws {
    let key = Data(repeating: 1, count: 32)
    let store = InMemoryKeyStore(keys: ["given": key])
    #expect(try await store.key(for: "given") == key)
    #expect(try await store.key(for: "given", creatingWithByteCount: 32) == key)
    await expectLoyaltyError(.invalidKey) {
      _ = try await store.key(for: "given", creatingWithByteCount: 16)
    }
  }

  @Test("rejects invalid identifiers and sizes")
  func validation() async throws {
    let store = InMemoryKeyStore()
    await expectLoyaltyError(.invalidArgument) { _ = try await store.key(for: "a/b") }
    await expectLoyaltyError(.invalidArgument) {
      _ = try await store.key(for: "k", creatingWithByteCount: 0)
    }
    await expectLoyaltyError(.invalidArgument) { try await store.deleteKey(for: "") }
  }
}
