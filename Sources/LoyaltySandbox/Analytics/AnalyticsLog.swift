import LoyaltyCore

/// The analytics events stored, and every `event_id` ever seen, for de-duplication.
struct AnalyticsLog: Sendable {
  /// The most events kept for inspection; ids are kept for ever.
  static let retained = 100_000

  private(set) var seen: Set<String> = []
  private(set) var events: [JSONValue] = []

  /// Stores `event` unless its id was seen before.
  /// - Returns: Whether it was new.
  mutating func store(_ event: JSONValue, id: String) -> Bool {
    guard seen.insert(id).inserted else { return false }
    events.append(event)
    if events.count > Self.retained {
      events.removeFirst(events.count - Self.retained)
    }
    return true
  }
}
