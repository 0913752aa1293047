import CLoyaltySQLite
import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// One SQLite connection: the only type, with ``SQLiteStatement``, that calls
/// `sqlite3_*`.
///
/// A connection is not thread-safe on its own: it is opened with
/// `SQLITE_OPEN_NOMUTEX` and must be used by one thread at a time. ``StoreDatabase``
/// owns it and only hands it out while holding its lock.
///
/// Statements are prepared once and cached by their SQL; ``withStatement(_:_:)``
/// resets and clears a statement after each use, so a cached statement never holds
/// a read transaction open or keeps a bound value alive.
package final class SQLiteConnection {
  private var handle: OpaquePointer?
  private var statements: [String: OpaquePointer] = [:]
  /// Where the database lives; `nil` for an in-memory database.
  package let url: URL?
  /// A number unique to this connection within the process. Caches keyed by row ids
  /// compare it to notice that the database was recreated.
  package let generation: UInt64

  /// Opens (creating if needed, with mode 0600) the database at `url`, or an in-memory
  /// database when `url` is `nil`.
  /// - Parameter readOnly: Opens an existing file for reading only, creating nothing (a
  ///   downloaded snapshot that readers share).
  /// - Throws: ``LoyaltyError/Code/databaseOpenFailed`` with the SQLite result code.
  package init(url: URL?, generation: UInt64, readOnly: Bool = false) throws {
    self.url = url
    self.generation = generation
    let path = url?.path ?? ":memory:"
    if url != nil && !readOnly {
      // Owner-only from the first byte, rather than SQLite's 0644 less the umask.
      OwnerOnlyFile.createIfMissing(atPath: path)
    }
    var pointer: OpaquePointer?
    let flags =
      readOnly
      ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &pointer, flags, nil)
    guard result == SQLITE_OK, let pointer else {
      let error = SQLiteFailure.error(
        .databaseOpenFailed, code: result, database: pointer, sql: nil,
        action: "Opening the database")
      sqlite3_close_v2(pointer)
      throw error
    }
    handle = pointer
    sqlite3_extended_result_codes(pointer, 1)
  }

  deinit {
    close()
  }

  /// Whether the connection is open.
  package var isOpen: Bool { handle != nil }

  /// Finalizes every cached statement and closes the connection. Closing twice does
  /// nothing.
  package func close() {
    for statement in statements.values {
      sqlite3_finalize(statement)
    }
    statements.removeAll()
    if let handle {
      sqlite3_close_v2(handle)
    }
    handle = nil
  }

  /// Sets how long a statement waits for another connection's lock.
  package func setBusyTimeout(seconds: Double) throws {
    let database = try open()
    let milliseconds = Int32(clamping: Int(saturating: (max(0, seconds) * 1_000).rounded()))
    let result = sqlite3_busy_timeout(database, milliseconds)
    guard result == SQLITE_OK else {
      throw SQLiteFailure.error(
        .databaseOpenFailed, code: result, database: database, sql: nil,
        action: "Setting the busy timeout")
    }
  }

  // MARK: - Statements

  /// Runs `body` with the cached statement for `sql`, preparing it on first use, and
  /// resets it afterwards.
  ///
  /// Compiled once for every `T`, not once per result type: a call per database operation.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
    let statement = SQLiteStatement(handle: try prepared(sql), sql: sql)
    defer { statement.reset() }
    return try body(statement)
  }

  /// Runs `sql` (one statement, no parameters) to completion.
  package func execute(_ sql: String) throws {
    try withStatement(sql) { try $0.run() }
  }

  /// Runs a script of several statements, none with parameters, without caching them.
  /// For schema changes.
  package func executeScript(_ sql: String) throws {
    let database = try open()
    let result = sqlite3_exec(database, sql, nil, nil, nil)
    guard result == SQLITE_OK else {
      throw SQLiteFailure.error(
        .queryFailed, code: result, database: database, sql: sql, action: "Running a script")
    }
  }

  /// The first column of the first row `sql` returns as an integer, or `nil` when it
  /// returns no row or NULL.
  package func scalarInt(_ sql: String, _ bind: (SQLiteStatement) throws -> Void = { _ in }) throws
    -> Int?
  {
    try withStatement(sql) { statement in
      try bind(statement)
      guard try statement.step(), statement.type(at: 0) != .null else { return nil }
      return statement.int(at: 0)
    }
  }

  /// Every row's first column as text, for pragmas that report in rows.
  package func textColumn(_ sql: String) throws -> [String] {
    try withStatement(sql) { statement in
      var values: [String] = []
      while try statement.step() {
        values.append(statement.text(at: 0) ?? "")
      }
      return values
    }
  }

  /// The number of rows the last statement changed.
  package var changes: Int {
    guard let handle else { return 0 }
    return Int(sqlite3_changes64(handle))
  }

  /// Whether the connection is outside any transaction.
  package var isAutocommit: Bool {
    guard let handle else { return true }
    return sqlite3_get_autocommit(handle) != 0
  }

  // MARK: - Transactions

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction: commits when it returns, rolls
  /// back when it (or the commit) throws.
  ///
  /// An immediate transaction takes the write lock at once, so two writers never
  /// both read and then fail to upgrade. Nested calls run inside the outer
  /// transaction.
  ///
  /// Compiled once for every `T`, not once per result type: a call per database operation.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    guard isAutocommit else { return try body() }
    try execute("BEGIN IMMEDIATE")
    let value: T
    do {
      value = try body()
      try execute("COMMIT")
    } catch {
      rollback()
      throw error
    }
    return value
  }

  private func rollback() {
    guard !isAutocommit else { return }
    do {
      try execute("ROLLBACK")
    } catch {
      // A failed rollback leaves SQLite to roll back when the connection closes;
      // the original error is the one worth reporting.
    }
  }

  // MARK: - Private

  private func open() throws -> OpaquePointer {
    guard let handle else {
      throw LoyaltyError(.databaseClosed, "The database connection is closed.")
    }
    return handle
  }

  private func prepared(_ sql: String) throws -> OpaquePointer {
    if let cached = statements[sql] { return cached }
    let database = try open()
    var statement: OpaquePointer?
    let result = sqlite3_prepare_v3(
      database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard result == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteFailure.error(
        .queryFailed, code: result, database: database, sql: sql,
        action: "Preparing a statement")
    }
    statements[sql] = statement
    return statement
  }
}
