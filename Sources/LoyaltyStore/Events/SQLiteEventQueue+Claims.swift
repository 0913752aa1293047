public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Claiming events, acknowledging and releasing them, and the claims each database keeps.
extension SQLiteEventQueue {
  private enum Decoded {
    case event(QueuedEvent)
    case undecodable(String)
  }

  /// Claims the oldest unclaimed events within `maxCount` and `maxBytes` (an event
  /// larger than `maxBytes` comes alone), quarantining undecodable rows on the way.
  public func claim(maxCount: Int, maxBytes: Int) async throws -> [QueuedEvent] {
    guard maxCount > 0 else { return [] }
    return try await database.withConnection { [self] connection in
      var batch: [QueuedEvent] = []
      var rowIDs: [Int64] = []
      var undecodable: [(rowID: Int64, reason: String)] = []
      try withClaims(connection) { claims in
        var bytes = 0
        try connection.withStatement(
          "SELECT _id, event_id, type, time, data, attempts FROM events ORDER BY _id"
        ) { statement in
          scan: while batch.count < maxCount, try statement.step() {
            let rowID = statement.int64(at: 0)
            guard !claims.rowIDs.contains(rowID) else { continue }
            switch Self.decode(statement) {
            case .undecodable(let reason):
              undecodable.append((rowID, reason))
            case .event(let event):
              let size = event.payload.count
              if batch.isEmpty && size > maxBytes {
                batch.append(event)
                rowIDs.append(rowID)
                break scan
              }
              guard bytes + size <= maxBytes else { break scan }
              batch.append(event)
              rowIDs.append(rowID)
              bytes += size
            }
          }
        }
        for (event, rowID) in zip(batch, rowIDs) {
          claims.rowIDs.insert(rowID)
          claims.rowIDByEventID[event.id] = rowID
        }
      }
      if !undecodable.isEmpty {
        try connection.transaction {
          for row in undecodable {
            try moveToQuarantine(rowID: row.rowID, reason: row.reason, in: connection)
          }
        }
        logger.warning(
          "Moved \(undecodable.count) undecodable queued events to quarantine: "
            + Set(undecodable.map(\.reason)).stablySorted().joined(separator: "; "))
      }
      return batch
    }
  }

  /// Deletes the events with `ids`, claimed or not.
  public func acknowledge(_ ids: [String]) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      try connection.transaction {
        try connection.withStatement("DELETE FROM events WHERE event_id = ?") { statement in
          for id in ids {
            try statement.bind(id, at: 1)
            try statement.run()
            statement.reset()
          }
        }
      }
      withClaims(connection) { claims in
        for id in ids { claims.remove(id) }
      }
    }
  }

  /// Returns claimed events to the queue, counting one more attempt for each; ids
  /// that are not claimed are ignored.
  public func release(_ ids: [String]) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      let released = withClaims(connection) { claims in
        Set(ids).compactMap { id in claims.rowIDByEventID[id].map { (id, $0) } }
      }
      guard !released.isEmpty else { return }
      try connection.transaction {
        try connection.withStatement("UPDATE events SET attempts = attempts + 1 WHERE _id = ?") {
          statement in
          for (_, rowID) in released {
            try statement.bind(rowID, at: 1)
            try statement.run()
            statement.reset()
          }
        }
      }
      withClaims(connection) { claims in
        for (id, _) in released { claims.remove(id) }
      }
    }
  }

  /// Forgets the claims on rows up to `lastDropped`, which a trim deleted.
  func forgetClaims(upTo lastDropped: Int64, in connection: SQLiteConnection) {
    guard lastDropped > 0 else { return }
    withClaims(connection) { claims in
      claims.rowIDs = claims.rowIDs.filter { $0 > lastDropped }
      claims.rowIDByEventID = claims.rowIDByEventID.filter { $0.value > lastDropped }
    }
  }

  /// Runs `body` on the claims, first forgetting them if the database was recreated.
  /// Called while the database's lock is held.
  func withClaims<T>(
    _ connection: SQLiteConnection, _ body: (inout EventClaims) throws -> T
  ) rethrows -> T {
    try database.eventClaims.withLock { claims in
      if claims.generation != connection.generation {
        claims = EventClaims(generation: connection.generation)
      }
      return try body(&claims)
    }
  }

  private static func decode(_ statement: SQLiteStatement) -> Decoded {
    guard statement.type(at: 1) == .text, let id = statement.text(at: 1), !id.isEmpty else {
      return .undecodable("event_id is missing")
    }
    guard statement.type(at: 2) == .text, let name = statement.text(at: 2) else {
      return .undecodable("type is missing")
    }
    let timeType = statement.type(at: 3)
    let time = statement.double(at: 3)
    guard timeType == .real || timeType == .integer, time.isFinite else {
      return .undecodable("time is not a number")
    }
    let dataType = statement.type(at: 4)
    guard dataType != .null else { return .undecodable("data is NULL") }
    guard dataType == .blob || dataType == .text, let payload = statement.data(at: 4) else {
      return .undecodable("data is not a blob")
    }
    let attempts = statement.type(at: 5) == .integer ? max(0, statement.int(at: 5)) : 0
    return .event(
      QueuedEvent(
        id: id, name: name, timestamp: Date(timeIntervalSinceReferenceDate: time),
        payload: payload, attempts: attempts))
  }
}
