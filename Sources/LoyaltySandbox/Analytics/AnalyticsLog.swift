import LoyaltyCore

/// The analytics events stored, and the most recent `event_id`s seen, for
/// de-duplication.
///
/// Both are bounded: the events kept for inspection at ``retained``, the ids remembered
/// at a limit the caller gives (``SandboxConfiguration/maxRememberedEventIDs``). Beyond
/// it the oldest id is forgotten, and counted: an event sent again after its id was
/// forgotten is stored again, as new.
struct AnalyticsLog: Sendable {
  /// The most events kept for inspection.
  static let retained = 100_000

  private(set) var seen: Set<String> = []
  private var order = InsertionOrder()
  private(set) var events: [JSONValue] = []
  /// The ids forgotten to keep within the limit, over the log's life.
  private(set) var forgottenIDs = 0

  /// Stores `event` unless its id is among the most recent `limit` ids seen.
  /// - Returns: Whether it was new.
  mutating func store(_ event: JSONValue, id: String, rememberingAtMost limit: Int) -> Bool {
    guard seen.insert(id).inserted else { return false }
    order.append(id)
    while seen.count > max(1, limit), let oldest = order.removeOldest() {
      if seen.remove(oldest) != nil {
        forgottenIDs += 1
      }
    }
    events.append(event)
    if events.count > Self.retained {
      events.removeFirst(events.count - Self.retained)
    }
    return true
  }
}
