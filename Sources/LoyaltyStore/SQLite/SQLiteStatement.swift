import CLoyaltySQLite
import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// A prepared statement, borrowed from its connection's cache for the length of one
/// ``SQLiteConnection/withStatement(_:_:)`` call.
///
/// Values are only ever bound as parameters (`?`), never spliced into the SQL, so
/// an error can name the SQL without naming a value. Text and blobs are bound with
/// `SQLITE_TRANSIENT`: SQLite copies them before the bind returns.
///
/// Parameter and column indices follow SQLite: parameters count from 1, columns
/// from 0.
package struct SQLiteStatement {
  /// The SQLite result code for a row, `SQLITE_ROW`.
  private static let row = SQLITE_ROW
  /// The SQLite result code for completion, `SQLITE_DONE`.
  private static let done = SQLITE_DONE

  package let handle: OpaquePointer
  /// The statement's SQL, for errors.
  package let sql: String

  // MARK: - Binding

  /// Binds a 64-bit integer to parameter `index`.
  package func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer to parameter `index`.
  package func bind(_ value: Int, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, Int64(value)))
  }

  /// Binds a double to parameter `index`.
  package func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  /// Binds text to parameter `index`, or NULL when `value` is `nil`.
  package func bind(_ value: String?, at index: Int32) throws {
    guard let value else {
      try bindNull(at: index)
      return
    }
    let result =
      value.utf8.withContiguousStorageIfAvailable { bytes in
        bindText(bytes, at: index)
      } ?? Array(value.utf8).withUnsafeBufferPointer { bytes in bindText(bytes, at: index) }
    try check(result)
  }

  /// Binds a blob to parameter `index`, or NULL when `value` is `nil`. Empty data is
  /// bound as a zero-length blob, not NULL.
  package func bind(_ value: Data?, at index: Int32) throws {
    guard let value else {
      try bindNull(at: index)
      return
    }
    let result = value.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.baseAddress, !raw.isEmpty else {
        return sqlite3_bind_zeroblob(handle, index, 0)
      }
      return sqlite3_bind_blob64(
        handle, index, base, sqlite3_uint64(raw.count), cloyalty_sqlite_transient())
    }
    try check(result)
  }

  /// Binds NULL to parameter `index`.
  package func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return sqlite3_bind_text(handle, index, "", 0, cloyalty_sqlite_transient())
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
      sqlite3_bind_text64(
        handle, index, text, sqlite3_uint64(bytes.count), cloyalty_sqlite_transient(),
        UInt8(SQLITE_UTF8))
    }
  }

  // MARK: - Stepping

  /// Runs the statement one step.
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  /// - Throws: ``LoyaltyError/Code/queryFailed`` carrying the result code and the SQL.
  @discardableResult
  package func step() throws -> Bool {
    let result = sqlite3_step(handle)
    if result == Self.row { return true }
    if result == Self.done { return false }
    throw SQLiteFailure.error(
      .queryFailed, code: result, database: sqlite3_db_handle(handle), sql: sql,
      action: "Running a statement")
  }

  /// Runs the statement to completion, ignoring any rows.
  package func run() throws {
    while try step() {}
  }

  /// Resets the statement and clears its bindings, so it can be used again.
  package func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: - Columns

  /// The storage class of column `index` in the current row.
  package func type(at index: Int32) -> SQLiteColumnType {
    SQLiteColumnType(sqlite3_column_type(handle, index))
  }

  /// Column `index` as a 64-bit integer (0 for NULL).
  package func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// Column `index` as an integer (0 for NULL).
  package func int(at index: Int32) -> Int {
    Int(truncatingIfNeeded: sqlite3_column_int64(handle, index))
  }

  /// Column `index` as a double (0 for NULL).
  package func double(at index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// Column `index` as text, or `nil` when it is NULL.
  package func text(at index: Int32) -> String? {
    guard sqlite3_column_type(handle, index) != SQLITE_NULL,
      let pointer = sqlite3_column_text(handle, index)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index` as bytes, or `nil` when it is NULL. A zero-length blob is empty
  /// data.
  package func data(at index: Int32) -> Data? {
    guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
    guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
    let count = Int(sqlite3_column_bytes(handle, index))
    return Data(bytes: pointer, count: count)
  }

  private func check(_ result: Int32) throws {
    guard result != SQLITE_OK else { return }
    throw SQLiteFailure.error(
      .queryFailed, code: result, database: sqlite3_db_handle(handle), sql: sql,
      action: "Binding a parameter")
  }
}

/// The storage class of a value in a result row.
package enum SQLiteColumnType: Equatable {
  case integer
  case real
  case text
  case blob
  case null

  package init(_ raw: Int32) {
    switch raw {
    case SQLITE_INTEGER: self = .integer
    case SQLITE_FLOAT: self = .real
    case SQLITE_TEXT: self = .text
    case SQLITE_BLOB: self = .blob
    default: self = .null
    }
  }
}
