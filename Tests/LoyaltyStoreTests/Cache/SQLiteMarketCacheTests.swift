import Dispatch
import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("SQLiteMarketCache")
struct SQLiteMarketCacheTests {
  typealias Support = MarketCacheTestSupport

  @Test("an encrypted cached body and its headers are not in the file's bytes")
  func encryptedCacheBodyIsNotInTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = "CACHE-BODY-3f9d1c"
    let answer = Support.answer(marker: marker, bytes: 20_000)

    // In clear, the marker is in the file: the check below can see it.
    let clear = try StoreTestSupport.open("clear.db", in: directory)
    try await SQLiteMarketCache(database: clear).store(answer)
    #expect(!Support.files(in: directory, holding: marker).isEmpty)
    clear.close()
    for name in directory.contents() where name.hasPrefix("clear.db") {
      try FileManager.default.removeItem(at: directory.file(name))
    }

    let database = try StoreTestSupport.open(in: directory, encryption: true)
    let cache = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
    #expect(cache.encryptsWrites)
    try await cache.store(answer)
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
    #expect(try await Support.encryptedFlag(database) == 1)
    let file = directory.file("store.db")
    let open = TemporaryDirectory.bytesWithLog(of: file)
    #expect(!open.isEmpty)
    #expect(open.range(of: Data(marker.utf8)) == nil, "the body or ETag is in the file")
    #expect(open.range(of: Data("application/json".utf8)) == nil, "a header is in the file")
    database.close()
    #expect(Support.files(in: directory, holding: marker).isEmpty)

    let reopened = try StoreTestSupport.open(in: directory, encryption: true)
    defer { reopened.close() }
    let again = SQLiteMarketCache(database: reopened, cipher: TestFieldCipher())
    #expect(try await again.answer(forKey: answer.key, owner: answer.owner) == answer)
  }

  @Test("cached answers survive closing and reopening the database, in clear and encrypted")
  func cacheSurvivesClosingAndReopening() async throws {
    for encryption in [false, true] {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let answers = [
        Support.answer(key: "coupons", marker: "one", tag: 1),
        Support.answer(key: "campaigns", owner: MarketCacheOwner.anonymous, marker: "two", tag: 2),
        Support.answer(key: "coupons", owner: MarketCacheOwner.user("other"), marker: "3", tag: 3),
      ]
      let database = try StoreTestSupport.open(in: directory, encryption: encryption)
      let cache = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
      for answer in answers {
        try await cache.store(answer)
      }
      database.close()

      let reopened = try StoreTestSupport.open(in: directory, encryption: encryption)
      defer { reopened.close() }
      let again = SQLiteMarketCache(database: reopened, cipher: TestFieldCipher())
      let expected = answers.sorted { ($0.owner, $0.key) < ($1.owner, $1.key) }
      #expect(try await again.answers() == expected, "encryption \(encryption)")
      for answer in answers {
        #expect(try await again.answer(forKey: answer.key, owner: answer.owner) == answer)
      }
    }
  }

  @Test(
    "a tampered, truncated or wrongly keyed cached ciphertext reads as nil and is deleted",
    arguments: ["tampered", "truncated", "wrong key"])
  func unreadableCacheCiphertextReadsNilAndIsDeleted(damage: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let logs = InMemoryLogHandler()
    let logger = LoyaltyLogger(label: "LoyaltyStore", level: .debug, handler: logs)
    let database = try StoreTestSupport.open(in: directory, encryption: true)
    defer { database.close() }
    let marker = "CACHE-TAMPER-81be07"
    let damaged = Support.answer(marker: marker)
    let neighbour = Support.answer(key: "coupons?language=el", marker: "neighbour")
    let writer = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
    try await writer.store(damaged)
    try await writer.store(neighbour)

    switch damage {
    case "tampered":
      var body = try #require(try await Support.storedBody(database))
      body[body.count / 2] ^= 0x01
      try await Support.overwriteBody(database, with: body)
    case "truncated":
      let body = try #require(try await Support.storedBody(database))
      try await Support.overwriteBody(database, with: body.prefix(5))
    default:
      try await Support.overwriteBody(
        database,
        with: try await TestFieldCipher(key: "another-key-2468").seal(damaged.body))
    }
    let reader = SQLiteMarketCache(database: database, cipher: TestFieldCipher(), logger: logger)

    #expect(try await reader.answer(forKey: damaged.key, owner: damaged.owner) == nil)
    #expect(try await Support.storedBody(database) == nil, "the unreadable row is deleted")
    #expect(try await reader.answer(forKey: neighbour.key, owner: neighbour.owner) == neighbour)
    #expect(try await Support.rowCount(database) == 1)
    let errors = logs.records.filter { $0.level == .error }
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("could not be opened") == true)
    #expect(!logs.text.contains(marker))
  }

  @Test("an unreadable cached row is left out of answers() and deleted")
  func unreadableCacheRowIsLeftOutOfTheList() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: true)
    defer { database.close() }
    let cache = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
    let damaged = Support.answer(key: "b", marker: "damaged")
    let kept = [Support.answer(key: "a", marker: "a"), Support.answer(key: "c", marker: "c")]
    for answer in kept + [damaged] {
      try await cache.store(answer)
    }
    try await Support.overwriteBody(database, with: Data("not a ciphertext".utf8), key: "b")
    #expect(try await cache.answers() == kept)
    #expect(try await Support.rowCount(database) == 2)
  }

  @Test("encrypted cached rows read with the cipher when encryption is off; without it, dropped")
  func encryptedCacheRowsWithEncryptionOff() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let answer = Support.answer(marker: "CACHE-OFF-5521")
    let encrypted = try StoreTestSupport.open(in: directory, encryption: true)
    try await SQLiteMarketCache(database: encrypted, cipher: TestFieldCipher()).store(answer)
    encrypted.close()

    let plain = try StoreTestSupport.open(in: directory, encryption: false)
    defer { plain.close() }
    let withCipher = SQLiteMarketCache(database: plain, cipher: TestFieldCipher())
    #expect(!withCipher.encryptsWrites)
    #expect(try await withCipher.answer(forKey: answer.key, owner: answer.owner) == answer)
    #expect(try await Support.encryptedFlag(plain) == 1, "not re-written in clear")

    let logs = InMemoryLogHandler()
    let withoutCipher = SQLiteMarketCache(
      database: plain, logger: LoyaltyLogger(label: "LoyaltyStore", level: .debug, handler: logs))
    #expect(try await withoutCipher.answer(forKey: answer.key, owner: answer.owner) == nil)
    #expect(try await Support.rowCount(plain) == 0)
    #expect(logs.records.contains { $0.level == .error && $0.message.contains("no field cipher") })
    #expect(!logs.text.contains("CACHE-OFF-5521"))
  }

  @Test("cached rows written in clear read back once encryption is on, and are re-written sealed")
  func clearCacheRowsAreEncryptedOnFirstRead() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = "CACHE-CLEAR-0c44e2"
    let answer = Support.answer(marker: marker, bytes: 10_000)
    let clear = try StoreTestSupport.open(in: directory, encryption: false)
    try await SQLiteMarketCache(database: clear, cipher: TestFieldCipher()).store(answer)
    #expect(try await Support.encryptedFlag(clear) == 0)
    clear.close()
    #expect(!Support.files(in: directory, holding: marker).isEmpty)

    let encrypted = try StoreTestSupport.open(in: directory, encryption: true)
    let cache = SQLiteMarketCache(database: encrypted, cipher: TestFieldCipher())
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
    #expect(try await Support.encryptedFlag(encrypted) == 1)
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
    #expect(Support.files(in: directory, holding: marker).isEmpty)
    encrypted.close()
    #expect(Support.files(in: directory, holding: marker).isEmpty)
  }

  @Test("with encryption on and no cipher, the cache warns and stores in clear")
  func cacheEncryptionWithoutCipherWarns() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: true)
    defer { database.close() }
    let logs = InMemoryLogHandler()
    let cache = SQLiteMarketCache(
      database: database,
      logger: LoyaltyLogger(label: "LoyaltyStore", level: .warning, handler: logs))
    #expect(!cache.encryptsWrites)
    #expect(logs.records.contains { $0.level == .warning && $0.message.contains("in clear") })
    let answer = Support.answer(marker: "in-clear")
    try await cache.store(answer)
    #expect(try await Support.encryptedFlag(database) == 0)
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
  }

  @Test(
    "no warning about clear storage unless encryption is on and no cipher is registered",
    arguments: [(false, false), (false, true), (true, true)])
  func cacheWarnsOnlyWithoutTheCipherEncryptionNeeds(encryption: Bool, cipher: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory, encryption: encryption)
    defer { database.close() }
    let logs = InMemoryLogHandler()
    let cache = SQLiteMarketCache(
      database: database, cipher: cipher ? TestFieldCipher() : nil,
      logger: LoyaltyLogger(label: "LoyaltyStore", level: .debug, handler: logs))
    #expect(cache.encryptsWrites == (encryption && cipher))
    #expect(logs.records.isEmpty, "\(logs.text)")
  }

  @Test("cache statements wait for the database's own thread")
  func cacheWorkRunsOnTheDatabaseThread() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let executor = try #require(database.executor)
    let cache = SQLiteMarketCache(database: database)
    let answer = Support.answer(marker: "thread")
    let gate = DispatchSemaphore(value: 0)
    let blocker = try await StoreTestSupport.block(database, until: gate)
    let finished = Locked(false)
    let store = Task {
      try await cache.store(answer)
      finished.withLock { $0 = true }
    }
    while executor.pendingCount < 1 { await Task.yield() }
    #expect(!finished.withLock { $0 })
    gate.signal()
    try await blocker.value
    try await store.value
    #expect(finished.withLock { $0 })
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
  }

  @Test("a failing cache operation's error never holds the body")
  func cacheErrorsHoldNoBody() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let cache = SQLiteMarketCache(database: database)
    let marker = "CACHE-ERROR-77ad30"
    database.close()
    let error = await #expect(throws: LoyaltyError.self) {
      try await cache.store(Support.answer(marker: marker))
    }
    #expect(error?.code == .databaseClosed)
    #expect(error.map { String(describing: $0).contains(marker) } == false)
  }
}
