import Foundation
import LoyaltyCore

@testable import LoyaltyStore

/// Builds databases with the seed SDK's schema (seed 000 lines 351-360) through the
/// project's SQLite wrapper.
struct SeedDatabaseFixture {
  /// One row of the seed's `events` table.
  struct Event {
    var type: String?
    var time: String?
    var data: Data?
    var priority = 0
  }

  static let schema = """
    CREATE TABLE requestVariables (
      id INTEGER PRIMARY KEY, client_id TEXT, client_secret TEXT, access_token TEXT,
      refresh_token TEXT);
    CREATE TABLE events (
      _id INTEGER PRIMARY KEY, type TEXT, time TEXT, data BLOB, priority INTEGER);
    CREATE TABLE pois (id INTEGER PRIMARY KEY, lat REAL, lon REAL, radius REAL);
    CREATE TABLE schema_version (
      id INTEGER PRIMARY KEY, version INTEGER UNIQUE, created_at TEXT);
    INSERT INTO schema_version (version, created_at) VALUES (1, '2024-01-01 00:00:00');
    """

  /// A JWT-shaped token in clear, as the seed stores it without encryption.
  static func jwt(_ name: String) -> String {
    "eyJhbGciOiJIUzI1NiJ9.\(Data(name.utf8).base64EncodedString()).c2lnbmF0dXJl"
  }

  /// Writes a seed database at `url` with the token row (when `accessToken` is given)
  /// and the events.
  static func write(
    at url: URL, accessToken: String? = nil, refreshToken: String? = nil,
    clientID: String? = nil, clientSecret: String? = nil, events: [Event] = []
  ) throws {
    let connection = try SQLiteConnection(url: url, generation: 0)
    defer { connection.close() }
    try connection.executeScript(schema)
    if let accessToken {
      try connection.withStatement(
        """
        INSERT INTO requestVariables (id, client_id, client_secret, access_token, refresh_token)
        VALUES (1, ?, ?, ?, ?)
        """
      ) { statement in
        try statement.bind(clientID, at: 1)
        try statement.bind(clientSecret, at: 2)
        try statement.bind(accessToken, at: 3)
        try statement.bind(refreshToken, at: 4)
        try statement.run()
      }
    }
    for event in events {
      try connection.withStatement(
        "INSERT INTO events (type, time, data, priority) VALUES (?, ?, ?, ?)"
      ) { statement in
        try statement.bind(event.type, at: 1)
        try statement.bind(event.time, at: 2)
        try statement.bind(event.data, at: 3)
        try statement.bind(event.priority, at: 4)
        try statement.run()
      }
    }
  }

  /// Three events: a JSON object, an ISO 8601 time, and bytes that are not JSON.
  static let threeEvents = [
    Event(type: "screen_view", time: "1714557600", data: Data(#"{"screen":"home"}"#.utf8)),
    Event(type: "coupon_open", time: "2024-05-01T10:00:05Z", data: Data(#"{"id":7}"#.utf8)),
    Event(type: "raw_bytes", time: "1714557610000", data: Data([0xff, 0x00, 0x01])),
  ]
}

extension StoreDatabase {
  /// The rows of the queue, oldest first.
  func queuedEvents() async throws -> [QueuedEvent] {
    try await withConnection { connection in
      try connection.withStatement(
        "SELECT event_id, type, time, data FROM events ORDER BY _id"
      ) { statement in
        var events: [QueuedEvent] = []
        while try statement.step() {
          events.append(
            QueuedEvent(
              id: statement.text(at: 0) ?? "", name: statement.text(at: 1) ?? "",
              timestamp: Date(timeIntervalSinceReferenceDate: statement.double(at: 2)),
              payload: statement.data(at: 3) ?? Data()))
        }
        return events
      }
    }
  }

  /// The kept report of an import, as stored, or `nil`.
  func seedImportMarker() async throws -> String? {
    try await withConnection { connection in
      try connection.withStatement("SELECT value FROM store_meta WHERE key = 'seed_import'") {
        try $0.step() ? $0.text(at: 0) : nil
      }
    }
  }

  /// Whether the stored token row is encrypted, and its access token column's bytes.
  func rawTokenRow() async throws -> (encrypted: Bool, access: Data?) {
    try await withConnection { connection in
      try connection.withStatement(
        "SELECT encrypted, access_token FROM requestVariables WHERE id = 1"
      ) { statement in
        guard try statement.step() else { return (false, nil) }
        return (statement.int(at: 0) != 0, statement.data(at: 1))
      }
    }
  }
}
