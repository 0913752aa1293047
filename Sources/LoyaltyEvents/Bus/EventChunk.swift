import LoyaltyCore

/// A run of posted events, sealed: its events never change, and it is linked once to
/// the run that follows it.
///
/// A topic's runs form a list that its subscriptions walk from where each one has got
/// to; a run is freed when the last subscription still behind it moves past.
final class EventChunk: Sendable {
  /// The events, in posting order.
  let events: [any LoyaltyEvent]

  private let following = Locked<EventChunk?>(nil)

  init(events: [any LoyaltyEvent]) {
    self.events = events
  }

  deinit {
    // Frees the runs only this one holds one by one: releasing them recursively would
    // use a stack frame per run behind a subscription that fell far behind.
    var pending = following.withLock { $0.take() }
    while var chunk = pending.take() {
      guard isKnownUniquelyReferenced(&chunk) else { return }
      pending = chunk.following.withLock { $0.take() }
    }
  }

  /// The run after this one, once linked.
  var next: EventChunk? { following.withLock { $0 } }

  /// Links `chunk` after this one; only the last run of a topic is linked, once.
  func link(_ chunk: EventChunk) {
    following.withLock { $0 = chunk }
  }
}
