import LoyaltyCore

/// Deleting every event, for the user who turns analytics off.
extension SQLiteEventQueue {
  /// Deletes every event (queued, claimed and quarantined) in one transaction, forgets
  /// the claims, then truncates the write-ahead log: with `secure_delete` on, the deleted
  /// rows are overwritten in the database file, and the log's copies of them go with it.
  /// - Returns: How many events were deleted.
  /// - Throws: The database's error; nothing is deleted then.
  public func removeAll() async throws -> Int {
    let removed = try await database.write { [self] connection in
      let queued = try connection.scalarInt("SELECT COUNT(*) FROM events") ?? 0
      let quarantined = try connection.scalarInt("SELECT COUNT(*) FROM events_quarantine") ?? 0
      try connection.execute("DELETE FROM events")
      try connection.execute("DELETE FROM events_quarantine")
      forgetClaims(upTo: .max, in: connection)
      return queued + quarantined
    }
    try await database.checkpoint()
    return removed
  }
}
