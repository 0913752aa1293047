import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("AESGCMFieldCipher")
struct AESGCMFieldCipherTests {
  @Test("keeps the FieldCipher contract with an in-memory key store")
  func conformsInMemory() async throws {
    let store = InMemoryKeyStore()
    try await FieldCipherConformance.check {
      AESGCMFieldCipher(keyStore: store)
    } otherKey: {
      AESGCMFieldCipher(keyStore: InMemoryKeyStore())
    }
  }

  @Test("keeps the FieldCipher contract with a file key store")
  func conformsWithFiles() async throws {
    let directory = try TemporaryDirectory("cipher")
    defer { directory.remove() }
    let other = try TemporaryDirectory("cipher-other")
    defer { other.remove() }
    try await FieldCipherConformance.check {
      AESGCMFieldCipher(keyStore: FileKeyStore(directory: directory.appending("keys")))
    } otherKey: {
      AESGCMFieldCipher(keyStore: FileKeyStore(directory: other.appending("keys")))
    }
  }

  @Test("creates a 32-byte key under its identifier on first use")
  func createsKey() async throws {
    let store = InMemoryKeyStore()
    let cipher = AESGCMFieldCipher(keyStore: store, keyIdentifier: "tokens")
    #expect(try await store.key(for: "tokens") == nil)
    let sealed = try await cipher.seal(Data("token".utf8))
    let key = try #require(try await store.key(for: "tokens"))
    #expect(key.count == 32)
    #expect(try AESGCM.open(sealed, key: key) == Data("token".utf8))
    #expect(cipher.keyIdentifier == "tokens")
    #expect(cipher.keyCacheDuration == 300)
  }

  @Test("seals and opens batches with one key fetch")
  func batches() async throws {
    let store = CountingKeyStore(base: InMemoryKeyStore())
    let cipher = AESGCMFieldCipher(keyStore: store, keyCacheDuration: 0)
    let values = (0..<50).map { Data("value-\($0)".utf8) } + [Data()]
    let sealed = try await cipher.seal(batch: values)
    #expect(store.fetchCount == 1)
    #expect(sealed.count == values.count)
    #expect(Set(sealed).count == values.count)
    #expect(try await cipher.open(batch: sealed) == values)
    #expect(store.fetchCount == 2)
    #expect(try await cipher.seal(batch: []) == [])
  }

  @Test("fails a whole batch when one value is tampered or truncated")
  func batchFailure() async throws {
    let cipher = AESGCMFieldCipher(keyStore: InMemoryKeyStore())
    var sealed = try await cipher.seal(batch: [Data("a".utf8), Data("b".utf8)])
    sealed[1][14] ^= 1
    await expectLoyaltyError(.decryptionFailed) { _ = try await cipher.open(batch: sealed) }
    await expectLoyaltyError(.invalidCiphertext) {
      _ = try await cipher.open(batch: [sealed[0], Data([1, 2, 3])])
    }
  }

  @Test("caches the key for the configured time on its clock")
  func keyCacheExpiry() async throws {
    let clock = ManualClock()
    let store = CountingKeyStore(base: InMemoryKeyStore())
    let cipher = AESGCMFieldCipher(keyStore: store, keyCacheDuration: 300, clock: clock)

    _ = try await cipher.seal(Data("1".utf8))
    #expect(store.fetchCount == 1)
    _ = try await cipher.open(try await cipher.seal(Data("2".utf8)))
    #expect(store.fetchCount == 1)
    clock.advance(by: 299)
    _ = try await cipher.seal(Data("3".utf8))
    #expect(store.fetchCount == 1)
    clock.advance(by: 1)
    _ = try await cipher.seal(Data("4".utf8))
    #expect(store.fetchCount == 2)
    clock.advance(by: 10)
    _ = try await cipher.seal(Data("5".utf8))
    #expect(store.fetchCount == 2)
    cipher.clearKeyCache()
    _ = try await cipher.seal(Data("6".utf8))
    #expect(store.fetchCount == 3)
  }

  @Test("defaults to a 300-second cache")
  func defaultCacheDuration() async throws {
    let clock = ManualClock()
    let store = CountingKeyStore(base: InMemoryKeyStore())
    let cipher = AESGCMFieldCipher(keyStore: store, clock: clock)
    _ = try await cipher.seal(Data())
    clock.advance(by: 299.9)
    _ = try await cipher.seal(Data())
    #expect(store.fetchCount == 1)
    clock.advance(by: 0.1)
    _ = try await cipher.seal(Data())
    #expect(store.fetchCount == 2)
  }

  @Test("reads the store every time when caching is off")
  func noCache() async throws {
    let store = CountingKeyStore(base: InMemoryKeyStore())
    for duration in [0, -5, .nan] as [TimeInterval] {
      let cipher = AESGCMFieldCipher(keyStore: store, keyCacheDuration: duration)
      let before = store.fetchCount
      _ = try await cipher.open(try await cipher.seal(Data("x".utf8)))
      #expect(store.fetchCount == before + 2)
      #expect(cipher.keyCacheDuration == 0)
    }
  }

  @Test("picks up a replaced key once the cache expires")
  func keyReplacement() async throws {
    let clock = ManualClock()
    let store = InMemoryKeyStore()
    let cipher = AESGCMFieldCipher(keyStore: store, keyCacheDuration: 60, clock: clock)
    let old = try await cipher.seal(Data("old".utf8))
    try await store.deleteKey(for: AESGCMFieldCipher.defaultKeyIdentifier)
    #expect(try await cipher.open(old) == Data("old".utf8))
    clock.advance(by: 60)
    await expectLoyaltyError(.decryptionFailed) { _ = try await cipher.open(old) }
  }

  @Test("rejects a stored key that is not 32 bytes")
  func wrongStoredKeyLength() async throws {
    let cipher = AESGCMFieldCipher(keyStore: FixedKeyStore(fixedKey: Data(count: 16)))
    await expectLoyaltyError(.invalidKey) { _ = try await cipher.seal(Data("x".utf8)) }
    await expectLoyaltyError(.invalidKey) { _ = try await cipher.open(Data(count: 40)) }
  }

  @Test("wraps a key store's own errors as keyStoreFailed")
  func failingStore() async throws {
    let cipher = AESGCMFieldCipher(keyStore: FailingKeyStore())
    await expectLoyaltyError(.keyStoreFailed) { _ = try await cipher.seal(Data("x".utf8)) }
    await expectLoyaltyError(.keyStoreFailed) { _ = try await cipher.seal(batch: [Data()]) }
  }

  @Test("never logs the key")
  func logsNoKey() async throws {
    let handler = InMemoryLogHandler()
    let store = InMemoryKeyStore()
    let cipher = AESGCMFieldCipher(
      keyStore: store, keyCacheDuration: 0,
      logger: LoyaltyLogger(label: "test", level: .verbose, handler: handler))
    _ = try await cipher.open(try await cipher.seal(Data("x".utf8)))
    let key = try #require(try await store.key(for: AESGCMFieldCipher.defaultKeyIdentifier))
    #expect(!handler.records.isEmpty)
    #expect(!handler.text.contains(key.base64EncodedString()))
    #expect(!handler.text.contains(HexEncoding.encode(key)))
  }

  @Test("is safe to use from many tasks at once")
  func concurrent() async throws {
    let store = CountingKeyStore(base: InMemoryKeyStore())
    let cipher = AESGCMFieldCipher(keyStore: store)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask {
          let value = Data("value-\(index)".utf8)
          let opened = try await cipher.open(try await cipher.seal(value))
          #expect(opened == value)
        }
      }
      try await group.waitForAll()
    }
    let key = try await store.base.key(for: AESGCMFieldCipher.defaultKeyIdentifier)
    #expect(key?.count == 32)
  }
}
