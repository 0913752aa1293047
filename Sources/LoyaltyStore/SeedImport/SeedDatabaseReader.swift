import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the seed SDK's database, opened read-only: the row of `requestVariables` and the
/// rows of `events`, as they are stored (seed schema version 1).
struct SeedDatabaseReader {
  /// The seed's token row, as text.
  struct Tokens: Sendable {
    var clientID: String?
    var clientSecret: String?
    var accessToken: String?
    var refreshToken: String?
  }

  /// One row of the seed's event queue.
  struct Event: Sendable {
    /// The row's `_id`.
    var rowID: Int64
    var type: String?
    /// The time as text, or a number when SQLite stored one.
    var time: Time
    var data: Data?
  }

  /// A value of the seed's `time` column.
  enum Time: Sendable {
    case text(String)
    case number(Double)
    case missing
  }

  /// What the file holds.
  struct Contents: Sendable {
    var tokens: Tokens?
    var events: [Event] = []
  }

  /// Reads the file at `url` without writing to it.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/queryFailed`` for a file that is not a database,
  ///   ``LoyaltyCore/LoyaltyError/Code/storedValueUnreadable`` for a database without the
  ///   seed's `requestVariables` and `events` tables.
  static func read(_ url: URL) throws -> Contents {
    let connection = try SQLiteConnection(url: url, generation: 0, readOnly: true)
    defer { connection.close() }
    let tables = Set(
      try connection.textColumn("SELECT name FROM sqlite_master WHERE type = 'table'"))
    guard tables.contains("requestVariables") || tables.contains("events") else {
      throw LoyaltyError(
        .storedValueUnreadable,
        "The file has neither the seed's requestVariables table nor its events table.")
    }
    var contents = Contents()
    if tables.contains("requestVariables") {
      contents.tokens = try readTokens(connection)
    }
    if tables.contains("events") {
      contents.events = try readEvents(connection)
    }
    return contents
  }

  private static func readTokens(_ connection: SQLiteConnection) throws -> Tokens? {
    try connection.withStatement(
      """
      SELECT client_id, client_secret, access_token, refresh_token
      FROM requestVariables ORDER BY id LIMIT 1
      """
    ) { statement in
      guard try statement.step() else { return nil }
      func text(_ index: Int32) -> String? {
        statement.data(at: index).map { String(decoding: $0, as: UTF8.self) }
      }
      return Tokens(
        clientID: text(0), clientSecret: text(1), accessToken: text(2), refreshToken: text(3))
    }
  }

  private static func readEvents(_ connection: SQLiteConnection) throws -> [Event] {
    try connection.withStatement("SELECT _id, type, time, data FROM events ORDER BY _id") {
      statement in
      var events: [Event] = []
      while try statement.step() {
        let time: Time =
          switch statement.type(at: 2) {
          case .integer, .real: .number(statement.double(at: 2))
          case .text, .blob: .text(statement.text(at: 2) ?? "")
          case .null: .missing
          }
        events.append(
          Event(
            rowID: statement.int64(at: 0), type: statement.text(at: 1), time: time,
            data: statement.data(at: 3)))
      }
      return events
    }
  }
}
