import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Brings a database's schema up to date by applying, in order, the steps it has not
/// recorded yet.
///
/// Each step runs in its own `BEGIN IMMEDIATE` transaction together with the row that
/// records it in `schema_version`, so an interrupted or failing step leaves the
/// database at the previous version, never half-migrated. A database recording a
/// version newer than the last step known here is refused with
/// ``LoyaltyError/Code/databaseTooNew`` before anything is written.
///
/// The step list is a parameter, so tests can add a failing step.
struct SQLiteMigrator: Sendable {
  /// The steps, in version order.
  let migrations: [SQLiteMigration]

  /// Creates a migrator for `migrations`.
  /// - Throws: ``LoyaltyError/Code/internalInconsistency`` when the versions do not
  ///   increase strictly from 1 or a step has no name.
  init(_ migrations: [SQLiteMigration]) throws {
    for (index, migration) in migrations.enumerated()
    where migration.version != index + 1 || migration.name.isEmpty {
      throw LoyaltyError(
        .internalInconsistency,
        "Migration steps must be numbered 1, 2, 3... in order and named; step \(index + 1) "
          + "is version \(migration.version) named '\(migration.name)'.")
    }
    self.migrations = migrations
  }

  /// The version the database has once every step is applied.
  var latestVersion: Int { migrations.last?.version ?? 0 }

  /// The version recorded in the database: 0 when it has no `schema_version` table.
  func appliedVersion(in connection: SQLiteConnection) throws -> Int {
    let hasTable = try connection.scalarInt(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    guard hasTable ?? 0 > 0 else { return 0 }
    return try connection.scalarInt("SELECT MAX(version) FROM schema_version") ?? 0
  }

  /// Throws unless the database's version is one this code knows. Reads only.
  /// - Returns: The database's version.
  /// - Throws: ``LoyaltyError/Code/databaseTooNew``.
  @discardableResult
  func checkVersion(of connection: SQLiteConnection) throws -> Int {
    let version = try appliedVersion(in: connection)
    guard version <= latestVersion else {
      throw LoyaltyError(
        .databaseTooNew,
        "The database is at schema version \(version), but this version of LoyaltyStore "
          + "knows versions up to \(latestVersion). It was left untouched.",
        recoverySuggestion:
          "Update the app to the SDK version that wrote this database, or remove the file.",
        metadata: ["databaseVersion": String(version), "knownVersion": String(latestVersion)])
    }
    return version
  }

  /// Applies every step the database has not recorded.
  /// - Parameter now: The time recorded with each step.
  /// - Returns: The steps applied, in order.
  /// - Throws: ``LoyaltyError/Code/databaseTooNew``, or
  ///   ``LoyaltyError/Code/migrationFailed`` naming the step that failed; the database
  ///   keeps every step applied before it.
  @discardableResult
  func migrate(_ connection: SQLiteConnection, now: Date) throws -> [SQLiteMigration] {
    let current = try checkVersion(of: connection)
    let pending = migrations.filter { $0.version > current }
    let createdAt = Date.ISO8601FormatStyle().format(now)
    for migration in pending {
      do {
        try connection.transaction {
          try connection.executeScript(Self.createVersionTable)
          try migration.apply(connection)
          try connection.withStatement(
            "INSERT INTO schema_version (version, name, created_at) VALUES (?, ?, ?)"
          ) { statement in
            try statement.bind(migration.version, at: 1)
            try statement.bind(migration.name, at: 2)
            try statement.bind(createdAt, at: 3)
            try statement.run()
          }
        }
      } catch {
        let left = (try? appliedVersion(in: connection)).map(String.init) ?? "its previous one"
        throw LoyaltyError(
          .migrationFailed,
          "Migrating the database to version \(migration.version) (\(migration.name)) failed; "
            + "it was left at version \(left).",
          metadata: ["version": String(migration.version), "step": migration.name],
          underlying: error)
      }
    }
    return pending
  }

  private static let createVersionTable = """
    CREATE TABLE IF NOT EXISTS schema_version (
      id INTEGER PRIMARY KEY,
      version INTEGER NOT NULL UNIQUE,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL
    )
    """
}
