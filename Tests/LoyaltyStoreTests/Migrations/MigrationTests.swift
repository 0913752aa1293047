import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("Migrations")
struct MigrationTests {
  static let addTable = SQLiteMigration(
    version: StoreSchema.latestVersion + 1, name: "add_extra"
  ) { connection in
    try connection.executeScript("CREATE TABLE extra (value TEXT)")
  }

  static let failHalfWay = SQLiteMigration(
    version: StoreSchema.latestVersion + 1, name: "fail_half_way"
  ) { connection in
    try connection.executeScript(
      """
      CREATE TABLE half (value TEXT);
      INSERT INTO half (value) VALUES ('written before the failure');
      """)
    throw LoyaltyError(.internalInconsistency, "The step fails half-way.")
  }

  @Test func aFreshDatabaseRecordsEachStep() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(
      in: directory, migrations: StoreSchema.migrations + [Self.addTable])
    defer { database.close() }
    #expect(try await database.schemaVersion() == StoreSchema.latestVersion + 1)
    let names = try await database.withConnection {
      try $0.textColumn("SELECT name FROM schema_version ORDER BY version")
    }
    #expect(names == ["create_tables", "pois_location", "market_cache", "add_extra"])
  }

  @Test func aFailingStepLeavesTheOldVersion() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try StoreTestSupport.open(in: directory)
    try await SQLiteKeyValueStore(database: first).set(Data("kept".utf8), forKey: "k")
    first.close()

    let error = #expect(throws: LoyaltyError.self) {
      try StoreTestSupport.open(
        in: directory, migrations: StoreSchema.migrations + [Self.failHalfWay])
    }
    #expect(error?.code == .migrationFailed)
    #expect(error?.metadata["version"] == String(StoreSchema.latestVersion + 1))
    #expect(error?.message.contains("left at version \(StoreSchema.latestVersion)") == true)

    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    #expect(try await reopened.schemaVersion() == StoreSchema.latestVersion)
    let half = try await reopened.withConnection {
      try $0.scalarInt("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'")
    }
    #expect(half == 0)
    let store = SQLiteKeyValueStore(database: reopened)
    #expect(try await store.data(forKey: "k") == Data("kept".utf8))
    try await store.set(Data("usable".utf8), forKey: "after")
    #expect(try await reopened.checkIntegrity().isOK)

    // Once the step is fixed, it applies.
    reopened.close()
    let fixed = try StoreTestSupport.open(
      in: directory, migrations: StoreSchema.migrations + [Self.addTable])
    defer { fixed.close() }
    #expect(try await fixed.schemaVersion() == StoreSchema.latestVersion + 1)
  }

  @Test func aNewerDatabaseIsRefusedAndLeftUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let newer = try StoreTestSupport.open(
      in: directory, migrations: StoreSchema.migrations + [Self.addTable])
    try await SQLiteKeyValueStore(database: newer).set(Data("v2".utf8), forKey: "k")
    newer.close()
    let file = directory.file("store.db")
    let before = try Data(contentsOf: file)
    let filesBefore = directory.contents()

    let error = #expect(throws: LoyaltyError.self) { try StoreTestSupport.open(in: directory) }
    #expect(error?.code == .databaseTooNew)
    #expect(error?.metadata["databaseVersion"] == String(StoreSchema.latestVersion + 1))
    #expect(try Data(contentsOf: file) == before)
    #expect(directory.contents() == filesBefore)
  }

  @Test func stepsMustBeNumberedInOrder() {
    let skipped = SQLiteMigration(version: StoreSchema.latestVersion + 2, name: "skipped") {
      _ in
    }
    #expect(throws: LoyaltyError.self) {
      try SQLiteMigrator(StoreSchema.migrations + [skipped])
    }
  }
}
