/// The queued events handed out by ``SQLiteEventQueue/claim(maxCount:maxBytes:)`` and
/// not yet acknowledged, released or dropped, by row id.
///
/// Claims live in memory only, so reopening the database forgets them; they belong to
/// one connection, named by its generation, so recreating the database forgets them
/// too.
struct EventClaims: Sendable {
  /// The connection the claims were made on.
  var generation: UInt64 = 0
  /// The claimed rows.
  var rowIDs: Set<Int64> = []
  /// The claimed rows, by event id.
  var rowIDByEventID: [String: Int64] = [:]

  /// Forgets the claim on `eventID`, if any.
  mutating func remove(_ eventID: String) {
    if let rowID = rowIDByEventID.removeValue(forKey: eventID) {
      rowIDs.remove(rowID)
    }
  }
}
