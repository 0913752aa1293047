import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("Migrations: the market cache")
struct MarketCacheMigrationTests {
  @Test("the market cache migration applies on a database of the previous version")
  func cacheMigrationAppliesOnThePreviousVersion() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let previous = Array(StoreSchema.migrations.dropLast())
    let old = try StoreTestSupport.open(in: directory, migrations: previous)
    #expect(try await old.schemaVersion() == StoreSchema.latestVersion - 1)
    let tables = try await old.withConnection {
      try $0.scalarInt("SELECT COUNT(*) FROM sqlite_master WHERE name = 'market_cache'")
    }
    #expect(tables == 0)
    let pair = TokenPair(accessToken: "kept-access", refreshToken: "kept-refresh")
    try await SQLiteTokenStore(database: old).store(pair)
    try await SQLiteKeyValueStore(database: old).set(Data("kept".utf8), forKey: "k")
    old.close()

    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    #expect(try await database.schemaVersion() == StoreSchema.latestVersion)
    let names = try await database.withConnection {
      try $0.textColumn("SELECT name FROM schema_version ORDER BY version")
    }
    #expect(names.last == "market_cache")
    #expect(try await SQLiteTokenStore(database: database).tokens() == pair)
    #expect(
      try await SQLiteKeyValueStore(database: database).data(forKey: "k") == Data("kept".utf8))

    let cache = SQLiteMarketCache(database: database)
    #expect(try await cache.answers().isEmpty)
    let answer = MarketCacheTestSupport.answer(marker: "migrated")
    try await cache.store(answer)
    #expect(try await cache.answer(forKey: answer.key, owner: answer.owner) == answer)
    #expect(try await database.checkIntegrity().isOK)
  }
}
