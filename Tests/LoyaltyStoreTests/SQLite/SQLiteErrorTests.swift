import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("SQLite errors")
struct SQLiteErrorTests {
  /// Looks like nothing the secret masker knows, so only the wrapper can keep it out.
  static let planted = "planted-value-q7Zx93kLmW"

  @Test func statementErrorsCarryCodeAndSQLButNoBoundValue() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    try await database.write { connection in
      try connection.executeScript(
        """
        CREATE TABLE planted (value TEXT NOT NULL UNIQUE);
        CREATE TABLE strict_planted (value INTEGER) STRICT;
        """)
    }
    func insert(_ sql: String) async throws {
      try await database.write { connection in
        try connection.withStatement(sql) { statement in
          try statement.bind(Self.planted, at: 1)
          try statement.run()
        }
      }
    }

    try await insert("INSERT INTO planted (value) VALUES (?)")
    let unique = await #expect(throws: LoyaltyError.self) {
      try await insert("INSERT INTO planted (value) VALUES (?)")
    }
    #expect(unique?.code == .queryFailed)
    #expect(unique?.metadata["sql"] == "INSERT INTO planted (value) VALUES (?)")
    #expect(unique?.metadata["sqliteCode"] == "2067")  // SQLITE_CONSTRAINT_UNIQUE
    #expect(unique?.metadata["sqlitePrimaryCode"] == "19")
    #expect(unique?.description.contains(Self.planted) == false)
    #expect(unique?.description.contains("UNIQUE constraint failed") == true)

    let strict = await #expect(throws: LoyaltyError.self) {
      try await insert("INSERT INTO strict_planted (value) VALUES (?)")
    }
    #expect(strict?.code == .queryFailed)
    #expect(strict?.description.contains(Self.planted) == false)

    // The failed transactions were rolled back; the connection goes on.
    let rows = try await database.withConnection {
      try $0.scalarInt("SELECT COUNT(*) FROM planted")
    }
    #expect(rows == 1)
  }

  @Test func aBadStatementNamesItsSQL() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let error = await #expect(throws: LoyaltyError.self) {
      try await database.withConnection { try $0.execute("SELECT nothing FROM nowhere") }
    }
    #expect(error?.code == .queryFailed)
    #expect(error?.metadata["sql"] == "SELECT nothing FROM nowhere")
    #expect(error?.metadata["sqlitePrimaryCode"] == "1")
  }

  @Test func aTransactionRollsBackWhenItsBodyThrows() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    await #expect(throws: LoyaltyError.self) {
      try await database.write { connection in
        try connection.execute("INSERT INTO pois (id, lat, lon, radius) VALUES (1, 0, 0, 0)")
        throw LoyaltyError(.internalInconsistency, "stop half-way")
      }
    }
    #expect(try await database.pointsOfInterest.count() == 0)
  }

  @Test func anUnopenableFileIsDatabaseOpenFailed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A directory where the file should be: SQLite cannot open it.
    try FileManager.default.createDirectory(
      at: directory.file("store.db"), withIntermediateDirectories: true)
    let error = #expect(throws: LoyaltyError.self) {
      try StoreTestSupport.open(in: directory)
    }
    #expect(error?.code == .databaseOpenFailed)
    #expect(error?.metadata["sqlitePrimaryCode"] == "14")  // SQLITE_CANTOPEN
    // SQLite's message says no more than its code's name here: it is not said twice.
    #expect(
      error?.message
        == "Opening the database failed with SQLite error 14 (unable to open database file).")
  }

  @Test func aMissingFileOpenedReadOnlyFailsAndIsNotCreated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("snapshot.db")
    let error = #expect(throws: LoyaltyError.self) {
      try SQLiteConnection(url: url, generation: 0, readOnly: true)
    }
    #expect(error?.code == .databaseOpenFailed)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func anInMemoryDatabaseCreatesNoFile() throws {
    let stray = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(":memory:")
    // A file of that name can only be a stray from a broken build: start without it.
    try? FileManager.default.removeItem(at: stray)
    let connection = try SQLiteConnection(url: nil, generation: 0)
    defer { connection.close() }
    try connection.execute("CREATE TABLE t (x INTEGER)")
    #expect(!FileManager.default.fileExists(atPath: stray.path))
  }

  @Test func aTransactionOnAClosedConnectionThrowsBeforeItsBody() throws {
    let connection = try SQLiteConnection(url: nil, generation: 0)
    connection.close()
    #expect(connection.isAutocommit)
    var ran = false
    let error = #expect(throws: LoyaltyError.self) {
      try connection.transaction { ran = true }
    }
    #expect(error?.code == .databaseClosed)
    #expect(!ran)
  }

  @Test func onlyTheStoresOwnCorruptionErrorsCountAsCorruption() {
    #expect(!SQLiteFailure.isCorruption(CancellationError()))
    #expect(!SQLiteFailure.isCorruption(CocoaError(.fileReadCorruptFile)))
    #expect(!SQLiteFailure.isCorruption(LoyaltyError(.queryFailed, "no SQLite code")))
    #expect(SQLiteFailure.isCorruption(LoyaltyError(.databaseCorrupt, "too short")))
    #expect(SQLiteFailure.isCorruption(SQLiteFailure.corruption("failed its check")))
  }
}
