/// An event sink that keeps every posted event in memory, for tests and hosts that
/// poll.
public final class InMemoryEventSink: EventSink {
  private let state = Locked<[any LoyaltyEvent]>([])

  /// Creates an empty sink.
  public init() {}

  public func post(_ event: any LoyaltyEvent) {
    state.withLock { $0.append(event) }
  }

  /// Every event posted so far, in order.
  public var events: [any LoyaltyEvent] { state.withLock { $0 } }

  /// The names of every event posted so far, in order.
  public var names: [String] { events.map(\.name) }

  /// The events of type `type`, in order.
  public func events<E: LoyaltyEvent>(of type: E.Type) -> [E] {
    events.compactMap { $0 as? E }
  }

  /// Forgets every event.
  public func removeAll() { state.withLock { $0.removeAll() } }
}
