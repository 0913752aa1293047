import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StoreDatabase {
  /// The store's tables, each with the statement that counts its rows. The SQL is
  /// written out in full: nothing is spliced into it.
  private static let countedTables: [(table: String, sql: String)] = [
    ("requestVariables", "SELECT COUNT(*) FROM requestVariables"),
    ("events", "SELECT COUNT(*) FROM events"),
    ("events_quarantine", "SELECT COUNT(*) FROM events_quarantine"),
    ("pois", "SELECT COUNT(*) FROM pois"),
    ("preferences", "SELECT COUNT(*) FROM preferences"),
    ("market_cache", "SELECT COUNT(*) FROM market_cache"),
    ("store_meta", "SELECT COUNT(*) FROM store_meta"),
    ("schema_version", "SELECT COUNT(*) FROM schema_version"),
  ]

  /// Runs SQLite's integrity check.
  /// - Parameter quick: Runs `PRAGMA quick_check`, which skips index consistency and is
  ///   much faster, instead of `PRAGMA integrity_check`.
  /// - Returns: The problems found, if any.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/queryFailed``.
  public func checkIntegrity(quick: Bool = false) async throws -> IntegrityReport {
    let rows = try await withConnection { connection in
      try connection.textColumn(quick ? "PRAGMA quick_check" : "PRAGMA integrity_check")
    }
    return IntegrityReport(problems: rows == ["ok"] ? [] : rows)
  }

  /// Rebuilds the file, giving unused pages back to the file system.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/queryFailed``.
  public func vacuum() async throws {
    try await withConnection { [self] connection in
      try connection.execute("VACUUM")
      try checkpoint(connection)
    }
  }

  /// Row counts, file and page sizes, and the schema version.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/queryFailed``.
  public func statistics() async throws -> StoreStatistics {
    try await withConnection { [self] connection in
      var counts: [String: Int] = [:]
      for (table, sql) in Self.countedTables {
        counts[table] = try connection.scalarInt(sql) ?? 0
      }
      // The file sizes are read here too: `stat` is file I/O.
      return StoreStatistics(
        rowCounts: counts, fileSize: fileURL.map { Self.size(ofFile: $0.path) } ?? 0,
        walSize: fileURL.map { Self.size(ofFile: $0.path + "-wal") } ?? 0,
        pageCount: try connection.scalarInt("PRAGMA page_count") ?? 0,
        pageSize: try connection.scalarInt("PRAGMA page_size") ?? 0,
        freePageCount: try connection.scalarInt("PRAGMA freelist_count") ?? 0,
        schemaVersion: try migrator.appliedVersion(in: connection))
    }
  }

  /// Deletes the database and its files and creates a fresh, empty one at the latest
  /// schema version. Everything stored is lost; claims on queued events are
  /// forgotten, and cached tokens are dropped. If the fresh database cannot be
  /// created, the database is left closed.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed``,
  ///   ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/migrationFailed``.
  public func recreate() async throws {
    let opener = makeOpener()
    try await replaceConnection { _ in try opener.openFresh() }
    logger.info("The LoyaltyStore database was recreated.")
  }

  /// Copies the write-ahead log into the database and truncates it.
  func checkpoint() async throws {
    try await withConnection { [self] in try checkpoint($0) }
  }

  private func checkpoint(_ connection: SQLiteConnection) throws {
    guard fileURL != nil, configuration.database.walMode else { return }
    _ = try connection.textColumn("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  private static func size(ofFile path: String) -> Int64 {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    switch attributes?[.size] {
    case let size as Int64: return size
    case let size as UInt64: return Int64(clamping: size)
    case let size as Int: return Int64(size)
    case let size as UInt: return Int64(clamping: size)
    default: return 0
    }
  }
}
