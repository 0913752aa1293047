/// The analytics pipeline's offline queue.
///
/// LoyaltyStore provides a durable SQLite queue; Core provides ``InMemoryEventQueue``,
/// bounded, for hosts without LoyaltyStore.
///
/// Every conforming type must:
/// - make ``append(_:)`` durable for a persistent queue: once it returns, the events
///   survive the process being killed;
/// - return events from ``claim(maxCount:maxBytes:)`` oldest first, never hand out an
///   event that is already claimed, and stay within both limits (the sum of payload
///   sizes at most `maxBytes`), except that a single event larger than `maxBytes` is
///   returned alone so it can be rejected rather than block the queue;
/// - forget claims when the queue is reopened, so a crash between claim and
///   acknowledge re-sends rather than loses;
/// - drop the oldest events first in ``trim(toCapacity:)`` and count them in
///   ``droppedCount()``;
/// - move what it cannot decode to quarantine instead of failing, so the queue goes on;
/// - delete in ``removeAll()`` every event it holds, claimed and quarantined ones too, so
///   that none can be read or sent afterwards (a persistent queue: none is left in the
///   bytes of its files either);
/// - be safe to call concurrently.
public protocol EventQueue: Sendable {
  /// Appends events, in order. Appending an id that is already queued does nothing.
  func append(_ events: [QueuedEvent]) async throws
  /// Claims the oldest unclaimed events, within `maxCount` and `maxBytes`.
  func claim(maxCount: Int, maxBytes: Int) async throws -> [QueuedEvent]
  /// Deletes events: delivered, or given up on.
  func acknowledge(_ ids: [String]) async throws
  /// Returns claimed events to the queue and counts one more failed attempt for each.
  func release(_ ids: [String]) async throws
  /// How many events are queued, claimed or not (quarantined ones excluded).
  func count() async throws -> Int
  /// Drops the oldest events so at most `capacity` remain.
  /// - Returns: How many were dropped by this call.
  func trim(toCapacity capacity: Int) async throws -> Int
  /// Appends events like ``append(_:)``, then drops the oldest events so at most
  /// `capacity` remain, like ``trim(toCapacity:)``: one trip to the storage instead of two.
  ///
  /// A persistent queue should do both in one transaction, so the events are either
  /// appended and trimmed or not appended at all. The default implementation calls
  /// ``append(_:)`` then ``trim(toCapacity:)``.
  ///
  /// It runs on the caller's actor (`nonisolated(nonsending)`), so a caller that only
  /// waits for storage does not hop to the global executor and back.
  /// - Returns: How many were dropped by this call.
  nonisolated(nonsending) func append(
    _ events: [QueuedEvent], trimmingToCapacity capacity: Int
  ) async throws -> Int
  /// The total number of events dropped by ``trim(toCapacity:)`` over the queue's life.
  func droppedCount() async throws -> Int
  /// Moves events out of the queue, keeping them aside for inspection.
  func quarantine(_ ids: [String], reason: String) async throws
  /// How many events are in quarantine.
  func quarantinedCount() async throws -> Int
  /// Deletes every event: queued, claimed and quarantined. What the analytics pipeline
  /// calls when the user turns analytics off.
  /// - Returns: How many events were deleted (quarantined ones included).
  func removeAll() async throws -> Int
}

extension EventQueue {
  /// Claims and acknowledges events until none is left; what is claimed elsewhere or
  /// quarantined stays. A queue that can do better implements it.
  public func removeAll() async throws -> Int {
    var removed = 0
    while true {
      let batch = try await claim(maxCount: 1_000, maxBytes: .max)
      guard !batch.isEmpty else { return removed }
      try await acknowledge(batch.map(\.id))
      removed += batch.count
    }
  }

  /// Calls ``append(_:)``, then ``trim(toCapacity:)``.
  nonisolated(nonsending) public func append(
    _ events: [QueuedEvent], trimmingToCapacity capacity: Int
  ) async throws -> Int {
    try await append(events)
    return try await trim(toCapacity: capacity)
  }
}
