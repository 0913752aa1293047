import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("StoreModule")
struct StoreModuleTests {
  @Test func providesPersistentStoresAcrossClientRestarts() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = StoreTestSupport.configuration(directory: directory)
    let file = directory.file("module.db")
    let pair = TokenPair(accessToken: "module-access", refreshToken: "module-refresh")

    let client = try await LoyaltyClient.start(
      configuration, modules: [StoreModule(location: .file(file))])
    let tokens = try client.resolve(.tokenStore)
    #expect(tokens is SQLiteTokenStore)
    #expect(try client.resolve(.keyValueStore) is SQLiteKeyValueStore)
    #expect(try client.resolve(.eventQueue) is SQLiteEventQueue)
    let identifier = ModuleIdentifier(product: "LoyaltyStore", name: "StoreModule")
    #expect(client.source(of: .tokenStore) == .module(identifier))
    let database = try client.resolve(.storeDatabase)
    #expect(database.fileURL == file)
    try await tokens.store(pair)
    try await client.resolve(.keyValueStore).set(Data("v".utf8), forKey: "k")
    await client.shutdown()
    #expect(!database.isOpen)

    let restarted = try await LoyaltyClient.start(
      configuration, modules: [StoreModule(location: .file(file))])
    #expect(try await restarted.resolve(.tokenStore).tokens() == pair)
    #expect(try await restarted.resolve(.keyValueStore).data(forKey: "k") == Data("v".utf8))
    await restarted.shutdown()
  }

  @Test("one module value, two clients: each has its own database and tokens")
  func oneModuleValueTwoClients() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = StoreTestSupport.configuration(directory: directory)
    let modules: [any LoyaltyModule] = [StoreModule(location: .inMemory)]
    let first = try await LoyaltyClient.start(configuration, modules: modules)
    let second = try await LoyaltyClient.start(configuration, modules: modules)
    #expect(try first.store !== second.store)

    let pair = TokenPair(accessToken: "first-access", refreshToken: "first-refresh")
    try await first.resolve(.tokenStore).store(pair)
    #expect(try await second.resolve(.tokenStore).tokens() == nil)

    let firstDatabase = try first.store
    await first.shutdown()
    #expect(!firstDatabase.isOpen)
    #expect(try second.store.isOpen)
    try await second.resolve(.keyValueStore).set(Data("still here".utf8), forKey: "k")
    #expect(try await second.resolve(.keyValueStore).data(forKey: "k") == Data("still here".utf8))
    await second.shutdown()
  }

  @Test func theDefaultFileIsNamedAfterTheBundle() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = StoreTestSupport.configuration(directory: directory)
    let client = try await LoyaltyClient.start(configuration, modules: [StoreModule()])
    let database = try client.resolve(.storeDatabase)
    #expect(database.fileURL?.lastPathComponent == "LoyaltyCache_com.example.store-tests.db")
    #expect(database.fileURL?.deletingLastPathComponent().path == directory.url.path)
    await client.shutdown()
    #expect(directory.contents().contains("LoyaltyCache_com.example.store-tests.db"))
  }

  @Test func databaseFilesAreReadableByTheirOwnerOnly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("private.db")
    let client = try await LoyaltyClient.start(
      StoreTestSupport.configuration(directory: directory),
      modules: [StoreModule(location: .file(file))])
    try await client.resolve(.keyValueStore).set(Data("v".utf8), forKey: "k")
    for name in directory.contents() where name.hasPrefix("private.db") {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.file(name).path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(name)")
    }
    #expect(directory.contents().contains("private.db-wal"))
    await client.shutdown()
  }

  @Test func usesARegisteredCipherAndReportsRecovery() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("module.db")
    try Data(repeating: 0x42, count: 4_096).write(to: file)
    let configuration = StoreTestSupport.configuration(directory: directory, encryption: true)
    let sink = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(.fieldCipher, with: TestFieldCipher())
    overrides.override(.eventSink, with: sink)

    let client = try await LoyaltyClient.start(
      configuration, modules: [StoreModule(location: .file(file))], overrides: overrides)
    let store = try #require(try client.resolve(.tokenStore) as? SQLiteTokenStore)
    #expect(store.encryptsWrites)
    #expect(try client.resolve(.storeDatabase).recovery != nil)
    #expect(sink.names == [DatabaseRecovered.eventName])
    await client.shutdown()
  }

  @Test func aDatabaseTooNewFailsTheStart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("module.db")
    let configuration = StoreTestSupport.configuration(directory: directory)
    let database = try StoreDatabase(location: .file(file), configuration: configuration)
    try await database.recordFutureVersion()
    database.close()

    let error = await #expect(throws: LoyaltyError.self) {
      try await LoyaltyClient.start(configuration, modules: [StoreModule(location: .file(file))])
    }
    #expect(error?.code == .moduleStartFailed)
    #expect(error?.underlyingDescription?.contains("databaseTooNew") == true)
  }

  @Test func inMemoryLocation() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await LoyaltyClient.start(
      StoreTestSupport.configuration(directory: directory),
      modules: [StoreModule(location: .inMemory)])
    try await client.resolve(.eventQueue).append([StoreTestSupport.event(1)])
    #expect(try await client.resolve(.eventQueue).count() == 1)
    #expect(try client.resolve(.storeDatabase).fileURL == nil)
    await client.shutdown()
    #expect(directory.contents().isEmpty)
  }
}
