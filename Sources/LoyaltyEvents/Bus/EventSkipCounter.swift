import Synchronization

/// Counts the events a bus's slow subscriptions and streams skipped, in total. It is
/// written only when events are skipped, never on the posting path of a subscription
/// that keeps up.
final class EventSkipCounter: Sendable {
  private let count = Atomic(0)

  /// Adds `skipped` events.
  func add(_ skipped: Int) {
    count.wrappingAdd(skipped, ordering: .relaxed)
  }

  /// The events skipped so far.
  var total: Int { count.load(ordering: .relaxed) }
}
