import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

/// `KeyStoreConformance.check` cannot run against this store: it starts by creating
/// keys, which a read-only store refuses by design. These tests check the parts of the
/// contract that apply to a store whose keys are supplied up front: a missing key reads
/// nil, a supplied key is returned unchanged (also by the creating call, and to
/// concurrent callers), deleting a missing key is not an error, and errors never
/// contain key bytes.
@Suite("EnvironmentKeyStore")
struct EnvironmentKeyStoreTests {
  let key = Data((0..<32).map { UInt8(200 - $0) })

  @Test("returns the supplied key and nil for others")
  func reads() async throws {
    let store = try EnvironmentKeyStore(base64Keys: [
      "field-encryption-key": key.base64EncodedString()
    ])
    #expect(try await store.key(for: "field-encryption-key") == key)
    #expect(try await store.key(for: "field-encryption-key", creatingWithByteCount: 32) == key)
    #expect(try await store.key(for: "other") == nil)
    #expect(store.identifiers == ["field-encryption-key"])
    #expect(!store.description.contains(key.base64EncodedString()))
  }

  @Test("accepts surrounding whitespace and raw keys")
  func inputs() async throws {
    let store = try EnvironmentKeyStore(base64Keys: ["k": "  \(key.base64EncodedString())\n"])
    #expect(try await store.key(for: "k") == key)
    let raw = try EnvironmentKeyStore(keys: ["k": key])
    #expect(try await raw.key(for: "k") == key)
  }

  @Test("returns one key to concurrent callers")
  func concurrentReads() async throws {
    let store = try EnvironmentKeyStore(base64Keys: ["k": key.base64EncodedString()])
    let keys = try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<20 {
        group.addTask { try await store.key(for: "k", creatingWithByteCount: 32) }
      }
      var all: Set<Data> = []
      for try await key in group { all.insert(key) }
      return all
    }
    #expect(keys == [key])
  }

  @Test("cannot create a missing key and says the host must supply it")
  func cannotCreate() async throws {
    let store = try EnvironmentKeyStore(base64Keys: [:])
    let error = await expectLoyaltyError(.invalidKey) {
      _ = try await store.key(for: "field-encryption-key", creatingWithByteCount: 32)
    }
    #expect(error?.message.contains("read-only") == true)
    #expect(error?.recoverySuggestion?.contains("host must supply") == true)
  }

  @Test("rejects a supplied key of the wrong size without showing it")
  func wrongSize() async throws {
    let short = Data(repeating: 0xAB, count: 16)
    let store = try EnvironmentKeyStore(base64Keys: ["k": short.base64EncodedString()])
    let error = await expectLoyaltyError(.invalidKey) {
      _ = try await store.key(for: "k", creatingWithByteCount: 32)
    }
    #expect(error?.description.contains(short.base64EncodedString()) == false)
  }

  @Test("rejects values that are not base64, and empty keys")
  func invalidValues() async throws {
    await expectLoyaltyError(.invalidKey) {
      _ = try EnvironmentKeyStore(base64Keys: ["k": "not base64!"])
    }
    await expectLoyaltyError(.invalidKey) { _ = try EnvironmentKeyStore(base64Keys: ["k": ""]) }
    await expectLoyaltyError(.invalidKey) { _ = try EnvironmentKeyStore(keys: ["k": Data()]) }
    await expectLoyaltyError(.invalidArgument) {
      _ = try EnvironmentKeyStore(base64Keys: ["../k": key.base64EncodedString()])
    }
  }

  @Test("deletes nothing: a missing key is fine, a supplied one is refused")
  func delete() async throws {
    let store = try EnvironmentKeyStore(base64Keys: ["k": key.base64EncodedString()])
    try await store.deleteKey(for: "missing")
    await expectLoyaltyError(.unsupported) { try await store.deleteKey(for: "k") }
    #expect(try await store.key(for: "k") == key)
  }

  @Test("backs a field cipher")
  func backsCipher() async throws {
    let store = try EnvironmentKeyStore(
      base64Keys: [AESGCMFieldCipher.defaultKeyIdentifier: key.base64EncodedString()])
    let cipher = AESGCMFieldCipher(keyStore: store)
    let sealed = try await cipher.seal(Data("x".utf8))
    #expect(try AESGCM.open(sealed, key: key) == Data("x".utf8))
  }
}
