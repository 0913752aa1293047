import LoyaltyCore

/// What a downloaded database needs checked before it is trusted: its integrity, its
/// `user_version`, the columns a table has.
extension SQLiteConnection {
  /// `PRAGMA integrity_check`'s rows: `["ok"]` for a sound file.
  /// - Throws: ``LoyaltyError/Code/queryFailed`` when the file is not a database at all.
  package func integrityCheck() throws -> [String] {
    try textColumn("PRAGMA integrity_check")
  }

  /// `PRAGMA user_version`: the schema version the file's writer recorded.
  package func userVersion() throws -> Int {
    try scalarInt("PRAGMA user_version") ?? 0
  }

  /// The names of `table`'s columns, in order; empty when there is no such table. The
  /// table's name is bound, never spliced into the SQL.
  package func columnNames(of table: String) throws -> [String] {
    try withStatement("SELECT name FROM pragma_table_info(?)") { statement in
      try statement.bind(table, at: 1)
      var names: [String] = []
      while try statement.step() {
        if let name = statement.text(at: 0) { names.append(name) }
      }
      return names
    }
  }
}
