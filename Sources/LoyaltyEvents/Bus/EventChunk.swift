import LoyaltyCore

/// A run of posted events, sealed: its events never change, and it is linked once to
/// the run that follows it, or cut from it when the log lets it go.
///
/// A topic's runs form a list that its subscriptions walk from where each one has got
/// to; a run is freed when the last subscription still behind it moves past, or when
/// the log trims it: a subscription far behind then skips to the log's oldest run.
final class EventChunk: Sendable {
  /// What follows a run.
  enum Successor: Sendable {
    /// Nothing yet: this is the topic's last run.
    case none
    /// The next run.
    case linked(EventChunk)
    /// The log trimmed this run: its successor is no longer held.
    case trimmed
  }

  /// The position of the first event among all the events posted to the topic.
  let first: UInt64
  /// The events, in posting order.
  let events: [any LoyaltyEvent]

  private let following = Locked(Successor.none)

  init(first: UInt64, events: [any LoyaltyEvent]) {
    self.first = first
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

  /// The position after the last event.
  var end: UInt64 { first + UInt64(events.count) }

  /// What follows this run.
  var successor: Successor { following.withLock { $0 } }

  /// The run after this one, once linked.
  var next: EventChunk? {
    if case .linked(let chunk) = successor { return chunk }
    return nil
  }

  /// Links `chunk` after this one; only the last run of a topic is linked, once.
  func link(_ chunk: EventChunk) {
    following.withLock { $0 = .linked(chunk) }
  }

  /// Lets go of the following runs: a reader still on this run moves to the log's oldest.
  func trim() {
    following.withLock { $0 = .trimmed }
  }
}

extension EventChunk.Successor {
  /// The linked run, leaving `.none` behind; `nil` when there is none.
  fileprivate mutating func take() -> EventChunk? {
    guard case .linked(let chunk) = self else { return nil }
    self = .none
    return chunk
  }
}
