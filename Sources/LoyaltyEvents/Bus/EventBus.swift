public import LoyaltyCore
import Synchronization

/// The SDK's one event bus: typed and name-based subscriptions over the same events.
///
/// ```swift
/// let bus = try client.events
/// let subscription = bus.subscribe(SessionEnded.self) { event in ... }
/// let byName = bus.subscribe(to: "session_ended") { event in ... }
/// for await event in bus.stream(SessionEnded.self) { ... }
/// ```
///
/// Posting never waits for subscribers: each subscription has its own ordered queue
/// and delivers events one at a time, in the order they were posted. A subscription
/// ends when its ``EventSubscription`` is cancelled or released.
public final class EventBus: EventSink {
  private struct Subscriber {
    let filter: Filter
    let continuation: AsyncStream<any LoyaltyEvent>.Continuation
  }

  enum Filter: Sendable {
    case type(ObjectIdentifier)
    case name(String)
    case all

    func matches(_ event: any LoyaltyEvent) -> Bool {
      switch self {
      case .type(let identifier): ObjectIdentifier(Swift.type(of: event)) == identifier
      case .name(let name): event.name == name
      case .all: true
      }
    }
  }

  private struct State {
    var nextID: UInt64 = 0
    var subscribers: [UInt64: Subscriber] = [:]
  }

  private let state = Mutex(State())

  /// Creates a bus with no subscribers.
  public init() {}

  /// Posts `event` to every matching subscription. Returns at once.
  public func post(_ event: any LoyaltyEvent) {
    state.withLock { state in
      for subscriber in state.subscribers.values where subscriber.filter.matches(event) {
        subscriber.continuation.yield(event)
      }
    }
  }

  /// The number of live subscriptions.
  public var subscriptionCount: Int { state.withLock { $0.subscribers.count } }

  /// Subscribes to events of type `type`.
  /// - Parameters:
  ///   - type: The event type.
  ///   - executor: Where the handler runs; the global concurrent executor by default.
  ///   - handler: Called once per event, in posting order.
  /// - Returns: The subscription; keep it for as long as you want events.
  public func subscribe<Event: LoyaltyEvent>(
    _ type: Event.Type,
    on executor: (any TaskExecutor)? = nil,
    handler: @escaping @Sendable (Event) async -> Void
  ) -> EventSubscription {
    subscribe(filter: .type(ObjectIdentifier(type)), executor: executor) { event in
      if let typed = event as? Event {
        await handler(typed)
      }
    }
  }

  /// Subscribes to events named `name`, whatever their type.
  public func subscribe(
    to name: String,
    on executor: (any TaskExecutor)? = nil,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(filter: .name(name), executor: executor, handler: handler)
  }

  /// Subscribes to every event.
  public func subscribeToAll(
    on executor: (any TaskExecutor)? = nil,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(filter: .all, executor: executor, handler: handler)
  }

  /// The events of type `type` as an asynchronous sequence; it ends when the task
  /// iterating it is cancelled.
  public func stream<Event: LoyaltyEvent>(_ type: Event.Type) -> AsyncStream<Event> {
    let (events, id) = register(filter: .type(ObjectIdentifier(type)))
    return AsyncStream { continuation in
      let forwarder = Task {
        for await event in events {
          if let typed = event as? Event {
            continuation.yield(typed)
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { [weak self] _ in
        forwarder.cancel()
        self?.remove(id)
      }
    }
  }

  /// The events named `name` as an asynchronous sequence.
  public func stream(named name: String) -> AsyncStream<any LoyaltyEvent> {
    let (events, id) = register(filter: .name(name))
    return AsyncStream { continuation in
      let forwarder = Task {
        for await event in events {
          continuation.yield(event)
        }
        continuation.finish()
      }
      continuation.onTermination = { [weak self] _ in
        forwarder.cancel()
        self?.remove(id)
      }
    }
  }

  private func subscribe(
    filter: Filter,
    executor: (any TaskExecutor)?,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    let (events, id) = register(filter: filter)
    let delivery = Task(executorPreference: executor) {
      for await event in events {
        await handler(event)
      }
    }
    return EventSubscription { [weak self] in
      self?.remove(id)
      delivery.cancel()
    }
  }

  private func register(filter: Filter) -> (AsyncStream<any LoyaltyEvent>, UInt64) {
    let (events, continuation) = AsyncStream.makeStream(of: (any LoyaltyEvent).self)
    let id = state.withLock { state in
      state.nextID += 1
      state.subscribers[state.nextID] = Subscriber(filter: filter, continuation: continuation)
      return state.nextID
    }
    return (events, id)
  }

  private func remove(_ id: UInt64) {
    let removed = state.withLock { $0.subscribers.removeValue(forKey: id) }
    removed?.continuation.finish()
  }
}
