import CLoyaltySQLite

/// The SQLite library the store runs on, as `loyalty-doctor` reports it.
package enum SQLiteLibrary {
  /// `sqlite3_libversion()`: `3.46.1`.
  package static var version: String { String(cString: sqlite3_libversion()) }

  /// Whether a virtual table of `module` (`rtree`, `fts5`) can be created: tried in an
  /// in-memory database, so it holds whatever the library was compiled or loaded with.
  /// - Parameter columns: The module's arguments, such as `id, minX, maxX` for R*Tree.
  package static func supportsVirtualTable(_ module: String, columns: String) -> Bool {
    guard let connection = try? SQLiteConnection(url: nil, generation: 0) else { return false }
    defer { connection.close() }
    return (try? connection.execute("CREATE VIRTUAL TABLE probe USING \(module)(\(columns))"))
      != nil
  }
}

extension SQLiteLibrary {
  /// Whether FTS5 is compiled into (or loaded by) the system SQLite.
  package static var hasFullTextSearch: Bool {
    supportsVirtualTable("fts5", columns: "body")
  }
}
