import LoyaltyCore

/// Counts the events a bus's slow subscriptions and streams skipped, in total. It is
/// written only when events are skipped, never on the posting path of a subscription
/// that keeps up.
final class EventSkipCounter: Sendable {
  private let count = Locked(0)

  /// Adds `skipped` events.
  func add(_ skipped: Int) {
    count.withLock { $0 &+= skipped }
  }

  /// The events skipped so far.
  var total: Int { count.withLock { $0 } }
}
