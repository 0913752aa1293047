import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

@testable import LoyaltyStore

@Suite("Moving from the seed SDK")
struct SeedImportTests {
  private static let key = Data((0..<32).map { UInt8($0 * 3) })

  /// A seed file in `directory`, and our database beside it.
  private struct Setup {
    let directory: TemporaryDirectory
    let seedURL: URL

    init() throws {
      directory = try TemporaryDirectory()
      seedURL = directory.file("WarplyCache_com.example.store-tests.db")
    }

    func open(encryption: Bool = false) throws -> StoreDatabase {
      try StoreTestSupport.open("store.db", in: directory, encryption: encryption)
    }
  }

  private static func sealed(_ text: String, key: Data = key) async throws -> String {
    try await SealedBoxCipher(key: key).seal(Data(text.utf8)).base64EncodedString()
  }

  private static func importSeed(
    _ setup: Setup, into database: StoreDatabase, afterImport: SeedImport.OldFile = .keep,
    tokenCipher: SeedImport.TokenCipherProvider? = nil, fieldCipher: (any FieldCipher)? = nil
  ) async -> SeedImportReport {
    await database.importSeed(
      SeedImport(location: setup.seedURL, afterImport: afterImport, tokenCipher: tokenCipher),
      fieldCipher: fieldCipher, logger: .disabled)
  }

  // MARK: - Tokens

  @Test("plain JWT tokens are imported and read back through the token store")
  func plainTokens() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let access = SeedDatabaseFixture.jwt("access")
    let refresh = SeedDatabaseFixture.jwt("refresh")
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: access, refreshToken: refresh, clientID: "client-1",
      clientSecret: "secret-1")
    let database = try setup.open()
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database)
    #expect(report.found && report.tokensImported && report.failure == nil)
    #expect(report.tokensSkippedReason == nil)
    let pair = try await SQLiteTokenStore(database: database).tokens()
    #expect(
      pair
        == TokenPair(
          accessToken: access, refreshToken: refresh, clientID: "client-1",
          clientSecret: "secret-1"))
    #expect(database.seedImportReport == report)
  }

  @Test("plain tokens are encrypted at rest when the store encrypts")
  func plainTokensEncryptedAtRest() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let access = SeedDatabaseFixture.jwt("access")
    try SeedDatabaseFixture.write(at: setup.seedURL, accessToken: access, refreshToken: "r-1")
    let database = try setup.open(encryption: true)
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database, fieldCipher: TestFieldCipher())
    #expect(report.tokensImported)
    let raw = try await database.rawTokenRow()
    #expect(raw.encrypted)
    let stored = try #require(raw.access)
    #expect(stored.range(of: Data(access.utf8)) == nil)
    let store = SQLiteTokenStore(database: database, cipher: TestFieldCipher())
    #expect(try await store.tokens() == TokenPair(accessToken: access, refreshToken: "r-1"))
  }

  @Test("sealed tokens are opened with the host's cipher and imported")
  func sealedTokensRightKey() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let access = SeedDatabaseFixture.jwt("sealed-access")
    let refresh = SeedDatabaseFixture.jwt("sealed-refresh")
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: try await Self.sealed(access),
      refreshToken: try await Self.sealed(refresh), clientID: "client-2",
      events: SeedDatabaseFixture.threeEvents)
    let database = try setup.open()
    defer { database.close() }
    let asked = Locked(0)
    let report = await Self.importSeed(setup, into: database) {
      asked.withLock { $0 += 1 }
      return try SealedBoxCipher(key: Self.key)
    }
    #expect(report.tokensImported && report.eventsImported == 3)
    #expect(asked.withLock { $0 } == 1)
    let pair = try await SQLiteTokenStore(database: database).tokens()
    #expect(pair == TokenPair(accessToken: access, refreshToken: refresh, clientID: "client-2"))
  }

  @Test("sealed tokens with the wrong key are skipped and reported; the events still come")
  func sealedTokensWrongKey() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: try await Self.sealed("eyJ.a.b"),
      refreshToken: try await Self.sealed("eyJ.c.d"), events: SeedDatabaseFixture.threeEvents)
    let database = try setup.open()
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database) {
      try SealedBoxCipher(key: Data(repeating: 9, count: 32))
    }
    #expect(!report.tokensImported)
    #expect(report.tokensSkippedReason == .cannotOpen)
    #expect(report.eventsImported == 3 && report.failure == nil)
    #expect(try await SQLiteTokenStore(database: database).tokens() == nil)
    #expect(try await database.queuedEvents().count == 3)
    #expect(try await database.seedImportMarker() != nil)
  }

  @Test(
    "sealed tokens without a usable cipher are skipped with the reason",
    arguments: [0, 1, 2])
  func sealedTokensWithoutCipher(variant: Int) async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: try await Self.sealed("eyJ.a.b"), refreshToken: "plain",
      events: [SeedDatabaseFixture.threeEvents[0]])
    let database = try setup.open()
    defer { database.close() }
    let provider: SeedImport.TokenCipherProvider? =
      switch variant {
      case 0: nil
      case 1: { nil }
      default: { throw LoyaltyError(.keyStoreFailed, "No Keychain here.") }
      }
    let report = await Self.importSeed(setup, into: database, tokenCipher: provider)
    #expect(report.tokensSkippedReason == (variant == 2 ? .cipherUnavailable : .noCipher))
    #expect(!report.tokensImported && report.eventsImported == 1)
    #expect(try await SQLiteTokenStore(database: database).tokens() == nil)
  }

  @Test("an empty access token is not imported; a one-character one is")
  func emptyAccessToken() async throws {
    for (access, imported) in [("", false), ("x", true)] {
      let setup = try Setup()
      defer { setup.directory.remove() }
      try SeedDatabaseFixture.write(at: setup.seedURL, accessToken: access, refreshToken: "r")
      let database = try setup.open()
      defer { database.close() }
      let report = await Self.importSeed(setup, into: database)
      #expect(report.tokensImported == imported)
      #expect(report.tokensSkippedReason == (imported ? nil : .noTokens))
    }
  }

  @Test(
    "a token is taken for sealed from 28 bytes of Base64 on, and never when it starts with eyJ",
    arguments: [(27, false), (28, true), (29, true)])
  func sealedBoxBoundary(byteCount: Int, sealed: Bool) {
    let text = Data(repeating: 0xAB, count: byteCount).base64EncodedString()
    #expect((SeedTokenOpener.sealedBox(text) != nil) == sealed)
    #expect(SeedTokenOpener.sealedBox("eyJ" + text) == nil)
    #expect(SeedTokenOpener.sealedBox(text + "!") == nil)
  }

  @Test("tokens already in this store are kept and the seed's skipped")
  func storeHasTokens() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: SeedDatabaseFixture.jwt("old"), refreshToken: "old-r",
      events: SeedDatabaseFixture.threeEvents)
    let database = try setup.open()
    defer { database.close() }
    let ours = TokenPair(accessToken: "new-access", refreshToken: "new-refresh")
    try await SQLiteTokenStore(database: database).store(ours)
    let report = await Self.importSeed(setup, into: database)
    #expect(report.tokensSkippedReason == .storeHasTokens && !report.tokensImported)
    #expect(report.eventsImported == 3)
    #expect(try await SQLiteTokenStore(database: database).tokens() == ours)
  }

  // MARK: - Events

  @Test("events are imported with their names, times and payloads, and counted")
  func events() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let importTime = Date(timeIntervalSince1970: 1_800_000_000)
    try SeedDatabaseFixture.write(
      at: setup.seedURL,
      events: SeedDatabaseFixture.threeEvents + [
        SeedDatabaseFixture.Event(type: nil, time: "1714557600", data: nil),
        SeedDatabaseFixture.Event(type: "", time: "1714557600", data: nil),
        SeedDatabaseFixture.Event(type: "late", time: "not a time", data: nil),
      ])
    let database = try StoreTestSupport.open(
      "store.db", in: setup.directory, clock: ManualClock(start: importTime))
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database)
    #expect(report.eventsImported == 4)
    #expect(report.eventsSkipped == 2)
    #expect(report.eventsTimedAtImport == 1)
    #expect(report.tokensSkippedReason == .noTokens)
    let events = try await database.queuedEvents()
    #expect(events.map(\.name) == ["screen_view", "coupon_open", "raw_bytes", "late"])
    #expect(
      events.map(\.timestamp.timeIntervalSince1970) == [
        1_714_557_600, 1_714_557_605, 1_714_557_610, 1_800_000_000,
      ])
    #expect(events.allSatisfy { $0.id.count == 26 })
    #expect(Set(events.map(\.id)).count == 4)
    #expect(Array(events.prefix(3).map(\.id)) == events.prefix(3).map(\.id).sorted())
    let parameters = try events.map { event -> JSONValue? in
      guard case .object(let payload) = try JSONValue(parsing: event.payload) else { return nil }
      #expect(payload["event_id"] == .string(event.id))
      #expect(payload["name"] == .string(event.name))
      return payload["parameters"]
    }
    #expect(parameters[0] == .object(["screen": "home"]))
    #expect(parameters[1] == .object(["id": 7]))
    #expect(
      parameters[2] == .object(["data": .string(Data([0xff, 0x00, 0x01]).base64EncodedString())]))
    #expect(parameters[3] == .object([:]))
    // The queue hands them out.
    let claimed = try await SQLiteEventQueue(database: database).claim(
      maxCount: 10, maxBytes: 1 << 20)
    #expect(claimed.map(\.id) == events.map(\.id))
  }

  @Test("the same seed file gives the same event ids in two databases")
  func stableIdentifiers() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(at: setup.seedURL, events: SeedDatabaseFixture.threeEvents)
    let first = try StoreTestSupport.open("first.db", in: setup.directory)
    defer { first.close() }
    let second = try StoreTestSupport.open("second.db", in: setup.directory)
    defer { second.close() }
    _ = await Self.importSeed(setup, into: first)
    _ = await Self.importSeed(setup, into: second)
    let ids = try await first.queuedEvents().map(\.id)
    #expect(ids.count == 3)
    #expect(try await second.queuedEvents().map(\.id) == ids)
  }

  @Test(
    "the seed's time forms are read leniently",
    arguments: [
      ("1714557600", 1_714_557_600.0), ("1714557600500", 1_714_557_600.5),
      ("100000000000", 100_000_000_000.0), ("100000000001", 100_000_000.001),
      ("2024-05-01T10:00:00Z", 1_714_557_600.0), ("2024-05-01T10:00:00.250Z", 1_714_557_600.25),
      ("2024-05-01 10:00:00", 1_714_557_600.0), (" 1714557600 ", 1_714_557_600.0),
    ])
  func timeForms(text: String, seconds: Double) throws {
    let date = try #require(SeedEventConverter.date(.text(text)))
    #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
  }

  @Test("times that cannot be read give nil", arguments: ["", "soon", "0", "-5", "nan"])
  func unreadableTimes(text: String) {
    #expect(SeedEventConverter.date(.text(text)) == nil)
  }

  // MARK: - Once

  @Test("a second start does nothing, even with the file still there")
  func importsOnce() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let first = try setup.open()
    let report = await Self.importSeed(setup, into: first)
    #expect(report.tokensImported && !report.alreadyImported)
    let ours = TokenPair(accessToken: "after-login", refreshToken: "after-r")
    try await SQLiteTokenStore(database: first).store(ours)
    first.close()

    let second = try setup.open()
    defer { second.close() }
    let again = await Self.importSeed(setup, into: second)
    #expect(again.alreadyImported && again.found)
    #expect(again.eventsImported == 3 && again.tokensImported)
    #expect(try await second.queuedEvents().count == 3)
    #expect(try await SQLiteTokenStore(database: second).tokens() == ours)
  }

  // MARK: - The old file

  @Test(".keep leaves the seed's file byte for byte; .remove deletes it and its companions")
  func oldFile() async throws {
    for afterImport in [SeedImport.OldFile.keep, .remove] {
      let setup = try Setup()
      defer { setup.directory.remove() }
      try SeedDatabaseFixture.write(
        at: setup.seedURL, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
        events: SeedDatabaseFixture.threeEvents)
      for suffix in ["-wal", "-shm", "-journal"] {
        _ = FileManager.default.createFile(atPath: setup.seedURL.path + suffix, contents: Data())
      }
      let before = try SHA256.hash(Data(contentsOf: setup.seedURL))
      let database = try setup.open()
      defer { database.close() }
      let report = await Self.importSeed(setup, into: database, afterImport: afterImport)
      #expect(report.tokensImported && report.eventsImported == 3)
      let names = setup.directory.contents().filter { $0.hasPrefix("WarplyCache_") }
      if afterImport == .keep {
        #expect(!report.oldFileRemoved)
        #expect(try SHA256.hash(Data(contentsOf: setup.seedURL)) == before)
        #expect(names.count == 4)
      } else {
        #expect(report.oldFileRemoved)
        #expect(names.isEmpty)
      }
    }
  }

  @Test("no seed file: nothing is imported, nothing fails")
  func noSeedFile() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let database = try setup.open()
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database)
    #expect(!report.found && report.failure == nil && !report.alreadyImported)
    #expect(try await database.seedImportMarker() == nil)
    #expect(try await database.queuedEvents().isEmpty)
  }

  @Test(
    "a seed file that is not a database, or lacks the seed's tables, is reported; the start goes on",
    arguments: [0, 1])
  func unreadableSeedFile(variant: Int) async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    if variant == 0 {
      try Data(repeating: 0x41, count: 4_096).write(to: setup.seedURL)
    } else {
      let connection = try SQLiteConnection(url: setup.seedURL, generation: 0)
      try connection.execute("CREATE TABLE something_else (x INTEGER)")
      connection.close()
    }
    let configuration = StoreTestSupport.configuration(directory: setup.directory)
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        StoreModule(
          location: .file(setup.directory.file("store.db")),
          seedImport: SeedImport(location: setup.seedURL))
      ])
    let database = try client.store
    let report = try #require(database.seedImportReport)
    #expect(report.found && report.failure != nil && !report.tokensImported)
    #expect(try await database.seedImportMarker() == nil)
    await client.shutdown()
  }

  // MARK: - Atomicity

  @Test("a failure inside the import's transaction leaves no partial import and no marker")
  func failureMidImport() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let database = try setup.open()
    defer { database.close() }
    // The marker is the transaction's last write: refusing it comes after the tokens and
    // the events were written.
    try await database.write { connection in
      try connection.execute(
        """
        CREATE TRIGGER refuse_marker BEFORE INSERT ON store_meta
        WHEN NEW.key = 'seed_import' BEGIN SELECT RAISE(ABORT, 'refused'); END
        """)
    }
    let failed = await Self.importSeed(setup, into: database)
    #expect(failed.failure != nil && failed.found)
    #expect(!failed.tokensImported && failed.eventsImported == 0)
    #expect(try await database.queuedEvents().isEmpty)
    #expect(try await SQLiteTokenStore(database: database).tokens() == nil)
    #expect(try await database.seedImportMarker() == nil)

    try await database.write { try $0.execute("DROP TRIGGER refuse_marker") }
    let retried = await Self.importSeed(setup, into: database)
    #expect(retried.failure == nil && retried.tokensImported && retried.eventsImported == 3)
  }

  @Test("a field cipher that fails to seal fails the import, not the start, and writes nothing")
  func failingFieldCipher() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let database = try setup.open(encryption: true)
    defer { database.close() }
    let report = await Self.importSeed(setup, into: database, fieldCipher: FailingCipher())
    #expect(report.failure != nil)
    #expect(try await database.queuedEvents().isEmpty)
    #expect(try await database.seedImportMarker() == nil)
  }

  // MARK: - Through the module

  @Test("StoreModule imports at start, sealing the tokens with SecurityModule's cipher")
  func throughTheModule() async throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let access = SeedDatabaseFixture.jwt("module")
    try SeedDatabaseFixture.write(
      at: setup.seedURL, accessToken: try await Self.sealed(access), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let configuration = StoreTestSupport.configuration(
      directory: setup.directory, encryption: true)
    let modules: [any LoyaltyModule] = [
      SecurityModule(keyStore: .inMemory),
      StoreModule(
        location: .file(setup.directory.file("store.db")),
        seedImport: SeedImport(
          location: setup.seedURL, afterImport: .remove,
          tokenCipher: { try SealedBoxCipher(key: Self.key) })),
    ]
    let client = try await LoyaltyClient.start(configuration, modules: modules)
    let report = try #require(try client.store.seedImportReport)
    #expect(report.tokensImported && report.eventsImported == 3 && report.oldFileRemoved)
    #expect(try await client.resolve(.tokenStore).tokens()?.accessToken == access)
    #expect(try await client.store.rawTokenRow().encrypted)
    #expect(try await client.resolve(.eventQueue).count() == 3)
    await client.shutdown()
  }

  @Test("the default location is the seed's file name in the Documents directory")
  func defaultLocation() {
    let url = SeedImport.defaultLocation(bundleID: "com.example.app")
    if let url {
      #expect(url.lastPathComponent == "WarplyCache_com.example.app.db")
      #expect(url.deletingLastPathComponent().lastPathComponent == "Documents")
    }
    #expect(SeedImport(location: URL(fileURLWithPath: "/x/y.db")).location?.path == "/x/y.db")
  }
}

/// A field cipher whose every seal fails.
private struct FailingCipher: FieldCipher {
  func seal(_ plaintext: Data) async throws -> Data {
    throw LoyaltyError(.encryptionFailed, "Sealing fails in this test.")
  }

  func open(_ ciphertext: Data) async throws -> Data {
    throw LoyaltyError(.decryptionFailed, "Opening fails in this test.")
  }
}
