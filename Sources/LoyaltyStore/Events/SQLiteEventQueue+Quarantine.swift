import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Moving events to quarantine, and reading what is there.
extension SQLiteEventQueue {
  /// Moves the events with `ids` to quarantine with `reason`; unknown ids are ignored.
  public func quarantine(_ ids: [String], reason: String) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      try connection.transaction {
        for id in ids {
          let rowID = try connection.withStatement("SELECT _id FROM events WHERE event_id = ?") {
            statement -> Int64? in
            try statement.bind(id, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
          }
          if let rowID {
            try moveToQuarantine(rowID: rowID, reason: reason, in: connection)
          }
        }
      }
      withClaims(connection) { claims in
        for id in ids { claims.remove(id) }
      }
    }
  }

  /// How many events are in quarantine.
  public func quarantinedCount() async throws -> Int {
    try await database.withConnection { connection in
      try connection.scalarInt("SELECT COUNT(*) FROM events_quarantine") ?? 0
    }
  }

  // MARK: - Quarantine inspection

  /// The events in quarantine, oldest first, as they were found.
  /// - Parameter limit: The most to return.
  public func quarantinedEvents(limit: Int = 100) async throws -> [QuarantinedEvent] {
    try await database.withConnection { connection in
      try connection.withStatement(
        """
        SELECT event_id, type, data, reason, quarantined_at FROM events_quarantine
        ORDER BY _id LIMIT ?
        """
      ) { statement in
        try statement.bind(max(0, limit), at: 1)
        var events: [QuarantinedEvent] = []
        while try statement.step() {
          events.append(
            QuarantinedEvent(
              eventID: statement.type(at: 0) == .text ? statement.text(at: 0) : nil,
              name: statement.type(at: 1) == .text ? statement.text(at: 1) : nil,
              payload: statement.data(at: 2), reason: statement.text(at: 3) ?? "",
              quarantinedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 4))))
        }
        return events
      }
    }
  }

  func moveToQuarantine(
    rowID: Int64, reason: String, in connection: SQLiteConnection
  ) throws {
    try connection.withStatement(
      """
      INSERT INTO events_quarantine
        (event_rowid, event_id, type, time, data, attempts, reason, quarantined_at)
      SELECT _id, event_id, type, time, data, attempts, ?, ? FROM events WHERE _id = ?
      """
    ) { statement in
      try statement.bind(reason, at: 1)
      try statement.bind(database.clock.now.timeIntervalSinceReferenceDate, at: 2)
      try statement.bind(rowID, at: 3)
      try statement.run()
    }
    try connection.withStatement("DELETE FROM events WHERE _id = ?") { statement in
      try statement.bind(rowID, at: 1)
      try statement.run()
    }
  }
}
