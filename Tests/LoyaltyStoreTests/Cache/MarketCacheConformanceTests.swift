import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("SQLiteMarketCache: the MarketCache contract")
struct MarketCacheConformanceTests {
  @Test("the SQLite cache on an in-memory database keeps the MarketCache contract")
  func sqliteCacheInMemoryConforms() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await MarketCacheConformance.check {
      let database = opened.keep(
        try StoreDatabase(
          location: .inMemory,
          configuration: StoreTestSupport.configuration(directory: directory)))
      return SQLiteMarketCache(database: database)
    }
  }

  @Test("the SQLite cache on a file keeps the MarketCache contract")
  func sqliteCacheOnAFileConforms() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await MarketCacheConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      let cache = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
      #expect(!cache.encryptsWrites)
      return cache
    }
  }

  @Test("the encrypted SQLite cache keeps the MarketCache contract")
  func sqliteCacheEncryptedConforms() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await MarketCacheConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory, encryption: true))
      let cache = SQLiteMarketCache(database: database, cipher: TestFieldCipher())
      #expect(cache.encryptsWrites)
      return cache
    }
  }
}
