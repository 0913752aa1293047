import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("SQLiteTokenStore")
struct TokenStoreTests {
  static let pair = TokenPair(
    accessToken: "ACCESS-plaintext-7a1c9e55d2", refreshToken: "REFRESH-plaintext-51bb0f3e97",
    clientID: "client-id-plain-3349", clientSecret: "client-secret-plain-8812")

  @Test func encryptedTokensAreNotInTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: true)
    let store = SQLiteTokenStore(database: database, cipher: TestFieldCipher())
    try await store.store(Self.pair)
    #expect(try await store.tokens() == Self.pair)

    let file = directory.file("store.db")
    for bytes in [TemporaryDirectory.bytesWithLog(of: file)] {
      #expect(!bytes.isEmpty)
      for secret in [
        Self.pair.accessToken, Self.pair.refreshToken, "client-secret-plain-8812",
      ] {
        #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the file")
      }
    }
    database.close()
    let closed = TemporaryDirectory.bytesWithLog(of: file)
    #expect(closed.range(of: Data(Self.pair.accessToken.utf8)) == nil)

    let reopened = try StoreTestSupport.open(in: directory, encryption: true)
    defer { reopened.close() }
    let again = SQLiteTokenStore(database: reopened, cipher: TestFieldCipher())
    #expect(try await again.tokens() == Self.pair)
  }

  @Test func rowsWrittenInClearReadBackOnceEncryptionIsEnabled() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clear = try StoreTestSupport.open(in: directory, encryption: false)
    try await SQLiteTokenStore(database: clear, cipher: TestFieldCipher()).store(Self.pair)
    let flag = try await clear.withConnection {
      try $0.scalarInt("SELECT encrypted FROM requestVariables WHERE id = 1")
    }
    #expect(flag == 0)
    clear.close()
    let file = directory.file("store.db")
    #expect(
      TemporaryDirectory.bytesWithLog(of: file).range(of: Data(Self.pair.accessToken.utf8)) != nil)

    let encrypted = try StoreTestSupport.open(in: directory, encryption: true)
    let store = SQLiteTokenStore(database: encrypted, cipher: TestFieldCipher())
    #expect(try await store.tokens() == Self.pair)
    // The first read re-wrote the row encrypted.
    let upgraded = try await encrypted.withConnection {
      try $0.scalarInt("SELECT encrypted FROM requestVariables WHERE id = 1")
    }
    #expect(upgraded == 1)
    #expect(try await store.tokens() == Self.pair)
    encrypted.close()
    #expect(
      TemporaryDirectory.bytesWithLog(of: file).range(of: Data(Self.pair.accessToken.utf8)) == nil)

    let again = try StoreTestSupport.open(in: directory, encryption: true)
    defer { again.close() }
    #expect(
      try await SQLiteTokenStore(database: again, cipher: TestFieldCipher()).tokens() == Self.pair)
  }

  @Test func encryptedRowsStillReadWhenEncryptionIsTurnedOff() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let encrypted = try StoreTestSupport.open(in: directory, encryption: true)
    try await SQLiteTokenStore(database: encrypted, cipher: TestFieldCipher()).store(Self.pair)
    encrypted.close()

    let plain = try StoreTestSupport.open(in: directory, encryption: false)
    defer { plain.close() }
    let withCipher = SQLiteTokenStore(database: plain, cipher: TestFieldCipher())
    #expect(!withCipher.encryptsWrites)
    #expect(try await withCipher.tokens() == Self.pair)

    let withoutCipher = SQLiteTokenStore(database: plain, cacheDuration: 0)
    let error = await #expect(throws: LoyaltyError.self) { try await withoutCipher.tokens() }
    #expect(error?.code == .storedValueUnreadable)
    #expect(error?.description.contains(Self.pair.accessToken) == false)
  }

  @Test func aWrongKeyIsAnErrorWithoutTheToken() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: true)
    defer { database.close() }
    try await SQLiteTokenStore(database: database, cipher: TestFieldCipher()).store(Self.pair)
    let wrongKey = SQLiteTokenStore(
      database: database, cipher: TestFieldCipher(key: "some-other-key-000"))
    let error = await #expect(throws: LoyaltyError.self) { try await wrongKey.tokens() }
    #expect(error?.code == .decryptionFailed)
  }

  @Test func readsAreCachedOnTheClockAndWritesInvalidate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clock = ManualClock()
    let database = try StoreTestSupport.open(in: directory, clock: clock)
    defer { database.close() }
    let store = SQLiteTokenStore(database: database, clock: clock, cacheDuration: 60)
    #expect(store.cacheDuration == 60)
    try await store.store(Self.pair)
    #expect(try await store.tokens() == Self.pair)

    // Changed behind the store's back: the cache still answers.
    try await database.write { connection in
      try connection.withStatement(
        "UPDATE requestVariables SET access_token = ? WHERE id = 1"
      ) { statement in
        try statement.bind("changed-behind-the-back", at: 1)
        try statement.run()
      }
    }
    #expect(try await store.tokens()?.accessToken == Self.pair.accessToken)
    clock.advance(by: 59)
    #expect(try await store.tokens()?.accessToken == Self.pair.accessToken)
    // At exactly the cache's duration, the cache is old.
    clock.advance(by: 1)
    #expect(try await store.tokens()?.accessToken == "changed-behind-the-back")

    // A write through the store is visible at once.
    let next = TokenPair(accessToken: "next-access", refreshToken: "next-refresh")
    try await store.store(next)
    #expect(try await store.tokens() == next)
    try await store.clear()
    #expect(try await store.tokens() == nil)
  }

  @Test func readsWithoutWaitingOnlyFromAFreshCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clock = ManualClock()
    let database = try StoreTestSupport.open(in: directory, clock: clock)
    defer { database.close() }
    let store = SQLiteTokenStore(database: database, clock: clock, cacheDuration: 60)
    try await store.store(Self.pair)
    // Nothing cached yet: the caller must ask `tokens()`.
    #expect(store.tokensWithoutWaiting() == nil)
    #expect(try await store.tokens() == Self.pair)
    #expect(store.tokensWithoutWaiting() == Self.pair)

    // A write through the store empties the cache at once.
    let next = TokenPair(accessToken: "next-access", refreshToken: "next-refresh")
    try await store.store(next)
    #expect(store.tokensWithoutWaiting() == nil)
    #expect(try await store.tokens() == next)
    #expect(store.tokensWithoutWaiting() == next)

    // An old cache is not served.
    clock.advance(by: 61)
    #expect(store.tokensWithoutWaiting() == nil)

    // No cache at all: never served without waiting.
    let uncached = SQLiteTokenStore(database: database, clock: clock, cacheDuration: 0)
    #expect(try await uncached.tokens() == next)
    #expect(uncached.tokensWithoutWaiting() == nil)
  }

  @Test func replaceComparesWithTheFileNotAStaleCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clock = ManualClock()
    let database = try StoreTestSupport.open(in: directory, clock: clock)
    defer { database.close() }
    let first = SQLiteTokenStore(database: database, clock: clock)
    let second = SQLiteTokenStore(database: database, clock: clock)
    try await first.store(Self.pair)
    #expect(try await first.tokens() == Self.pair)
    let rotated = TokenPair(accessToken: "rotated-access", refreshToken: "rotated-refresh")
    #expect(try await second.replace(Self.pair, with: rotated))
    // `first` still caches the old pair, but its compare-and-swap checks the revision.
    #expect(try await !first.replace(Self.pair, with: Self.pair))
    #expect(try await first.replace(rotated, with: nil))
    #expect(try await second.tokens() == nil)
  }

  @Test func replaceExpectingTheFilesPairSucceedsOverAStaleCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clock = ManualClock()
    let database = try StoreTestSupport.open(in: directory, clock: clock)
    defer { database.close() }
    let first = SQLiteTokenStore(database: database, clock: clock, cacheDuration: 60)
    let second = SQLiteTokenStore(database: database, clock: clock, cacheDuration: 60)
    try await first.store(Self.pair)
    #expect(try await first.tokens() == Self.pair)
    let rotated = TokenPair(accessToken: "rotated-access", refreshToken: "rotated-refresh")
    #expect(try await second.replace(Self.pair, with: rotated))
    // `first` caches the old pair; the file holds `rotated`, which is what it expects.
    let next = TokenPair(accessToken: "next-access", refreshToken: "next-refresh")
    #expect(try await first.replace(rotated, with: next))
    #expect(try await second.tokens() == next)
  }

  @Test(
    "a missing cipher is warned about only when encryption is on",
    arguments: [(true, false, true), (true, true, false), (false, false, false)])
  func missingCipherWarning(encryption: Bool, cipher: Bool, warns: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: encryption)
    defer { database.close() }
    let logs = InMemoryLogHandler()
    let store = SQLiteTokenStore(
      database: database, cipher: cipher ? TestFieldCipher() : nil,
      logger: LoyaltyLogger(label: "LoyaltyStore", level: .debug, handler: logs))
    #expect(store.encryptsWrites == (encryption && cipher))
    #expect(logs.records.contains { $0.message.contains("no field cipher") } == warns)
  }

  @Test func persistsAcrossReopen() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    try await SQLiteTokenStore(database: database).store(
      TokenPair(accessToken: "a", refreshToken: "r"))
    database.close()
    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    #expect(
      try await SQLiteTokenStore(database: reopened).tokens()
        == TokenPair(accessToken: "a", refreshToken: "r"))
  }
}
