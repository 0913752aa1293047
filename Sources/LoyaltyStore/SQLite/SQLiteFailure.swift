import CLoyaltySQLite
import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds the ``LoyaltyError`` a failed SQLite call throws, and reads SQLite facts back
/// from one.
///
/// The error carries the result code, its name, SQLite's message and the SQL text in
/// its metadata, never a bound value: values are only ever bound as parameters, so
/// the SQL holds none, and SQLite's messages name constraints and columns, not
/// values.
enum SQLiteFailure {
  /// The metadata key holding the extended result code.
  static let codeKey = "sqliteCode"
  /// The metadata key holding the primary result code.
  static let primaryCodeKey = "sqlitePrimaryCode"
  /// The metadata key holding the SQL text.
  static let sqlKey = "sql"

  /// An error for `code` returned while `action` ran.
  /// - Parameters:
  ///   - errorCode: The ``LoyaltyError`` code to throw.
  ///   - code: The SQLite (extended) result code.
  ///   - database: The connection, for SQLite's own message; `nil` when there is none.
  ///   - sql: The statement's SQL, if a statement failed.
  ///   - action: What was being done, as the start of a sentence: "Opening the database".
  static func error(
    _ errorCode: LoyaltyError.Code,
    code: Int32,
    database: OpaquePointer?,
    sql: String?,
    action: String
  ) -> LoyaltyError {
    let name = String(cString: sqlite3_errstr(code))
    var message = "\(action) failed with SQLite error \(code) (\(name))"
    if let database, let text = sqlite3_errmsg(database) {
      let detail = String(cString: text)
      if !detail.isEmpty && detail != name {
        message += ": \(detail)"
      }
    }
    message += "."
    var metadata = [
      codeKey: String(code),
      primaryCodeKey: String(code & 0xFF),
    ]
    if let sql {
      metadata[sqlKey] = sql
    }
    return LoyaltyError(errorCode, message, metadata: metadata)
  }

  /// An error for a file that opened but failed its integrity check, marked with
  /// `SQLITE_CORRUPT` so ``isCorruption(_:)`` recognises it.
  static func corruption(_ message: String) -> LoyaltyError {
    LoyaltyError(
      .databaseCorrupt, message,
      metadata: [codeKey: String(SQLITE_CORRUPT), primaryCodeKey: String(SQLITE_CORRUPT)])
  }

  /// Whether `error` reports a file that is not a database or is corrupt: SQLite said so,
  /// or the store did (``LoyaltyCore/LoyaltyError/Code/databaseCorrupt``, for a file too
  /// short for SQLite to notice).
  static func isCorruption(_ error: any Error) -> Bool {
    guard let error = error as? LoyaltyError else { return false }
    guard error.code != .databaseCorrupt else { return true }
    guard let raw = error.metadata[primaryCodeKey], let code = Int32(raw) else { return false }
    return code == SQLITE_CORRUPT || code == SQLITE_NOTADB
  }
}
