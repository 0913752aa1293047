import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

/// The seed file's edges: a file with one of the seed's two tables, and a start after the
/// file was removed.
@Suite("Moving from the seed SDK: a partial file, and after its removal")
struct SeedImportEdgeTests {
  private static func importSeed(
    _ url: URL, into database: StoreDatabase, afterImport: SeedImport.OldFile = .keep
  ) async -> SeedImportReport {
    await database.importSeed(
      SeedImport(location: url, afterImport: afterImport), fieldCipher: nil, logger: .disabled)
  }

  /// A seed file with both tables filled, then `dropped` dropped.
  private static func seedFile(at url: URL, dropping dropped: String) throws {
    try SeedDatabaseFixture.write(
      at: url, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let connection = try SQLiteConnection(url: url, generation: 0)
    defer { connection.close() }
    try connection.execute("DROP TABLE \(dropped)")
  }

  @Test("a file with only the seed's events table gives its events")
  func onlyEvents() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("WarplyCache_com.example.store-tests.db")
    try Self.seedFile(at: url, dropping: "requestVariables")
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let report = await Self.importSeed(url, into: database)
    #expect(report.failure == nil)
    #expect(report.eventsImported == 3 && !report.tokensImported)
    #expect(try await database.queuedEvents().count == 3)
  }

  @Test("a file with only the seed's token table gives its tokens")
  func onlyTokens() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("WarplyCache_com.example.store-tests.db")
    try Self.seedFile(at: url, dropping: "events")
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let report = await Self.importSeed(url, into: database)
    #expect(report.failure == nil)
    #expect(report.tokensImported && report.eventsImported == 0)
    #expect(try await SQLiteTokenStore(database: database).tokens()?.refreshToken == "r")
  }

  @Test("a start after .remove deleted the file removes nothing and says so")
  func startAfterRemoval() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("WarplyCache_com.example.store-tests.db")
    try SeedDatabaseFixture.write(
      at: url, accessToken: SeedDatabaseFixture.jwt("a"), refreshToken: "r",
      events: SeedDatabaseFixture.threeEvents)
    let first = try StoreTestSupport.open(in: directory)
    let report = await Self.importSeed(url, into: first, afterImport: .remove)
    #expect(report.oldFileRemoved && !FileManager.default.fileExists(atPath: url.path))
    first.close()

    let second = try StoreTestSupport.open(in: directory)
    defer { second.close() }
    let again = await Self.importSeed(url, into: second, afterImport: .remove)
    #expect(again.alreadyImported && !again.found)
    #expect(!again.oldFileRemoved, "there was no file to remove")
  }
}
