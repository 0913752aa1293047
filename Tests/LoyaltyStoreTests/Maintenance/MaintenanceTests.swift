import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("Maintenance")
struct MaintenanceTests {
  @Test func statisticsIntegrityVacuumAndRecreate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    try await queue.append((0..<500).map { StoreTestSupport.event($0, bytes: 500) })
    try await SQLiteKeyValueStore(database: database).set(Data([1]), forKey: "k")
    try await database.pointsOfInterest.upsert([
      PointOfInterest(id: 1, latitude: 1, longitude: 1, radius: 1)
    ])

    let stats = try await database.statistics()
    #expect(stats.rowCounts["events"] == 500)
    #expect(stats.rowCounts["preferences"] == 1)
    #expect(stats.rowCounts["pois"] == 1)
    #expect(stats.rowCounts["schema_version"] == 3)
    #expect(stats.schemaVersion == 3)
    #expect(stats.pageCount > 0 && stats.pageSize > 0)
    #expect(stats.fileSize + stats.walSize > 250_000)

    #expect(try await database.checkIntegrity().isOK)
    #expect(try await database.checkIntegrity(quick: true).isOK)

    _ = try await queue.trim(toCapacity: 0)
    try await database.vacuum()
    let vacuumed = try await database.statistics()
    #expect(vacuumed.rowCounts["events"] == 0)
    #expect(vacuumed.freePageCount == 0)
    #expect(vacuumed.pageCount < stats.pageCount)

    try await database.recreate()
    let fresh = try await database.statistics()
    #expect(fresh.rowCounts.filter { $0.key != "schema_version" }.values.allSatisfy { $0 == 0 })
    #expect(fresh.schemaVersion == 3)
    #expect(try await queue.droppedCount() == 0)
  }

  @Test func inMemoryDatabasesWork() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreDatabase(
      location: .inMemory, configuration: StoreTestSupport.configuration(directory: directory))
    defer { database.close() }
    #expect(database.fileURL == nil)
    let store = SQLiteTokenStore(database: database)
    try await store.store(TokenPair(accessToken: "a", refreshToken: "r"))
    #expect(try await store.tokens()?.accessToken == "a")
    let stats = try await database.statistics()
    #expect(stats.fileSize == 0)
    try await database.recreate()
    #expect(try await SQLiteTokenStore(database: database).tokens() == nil)
    #expect(directory.contents().isEmpty)
  }
}
