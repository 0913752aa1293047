public import LoyaltyCore

/// The SDK's one event bus: typed and name-based subscriptions over the same events.
///
/// ```swift
/// let bus = try client.events
/// let typed = bus.subscribe(SessionEnded.self) { event in print(event.reason) }
/// let named = bus.subscribe(to: "session_ended") { event in print(event.attributes) }
/// for await event in bus.stream(SessionRefreshed.self) {
///   print(event.name)
/// }
/// ```
///
/// Posting never waits for subscribers. The bus keeps each posted event once, whatever
/// the number of subscribers, and every subscription delivers from there on its own
/// task, one event at a time, in the order they were posted: a slow handler holds back
/// no one else. A handler that does not need to `await` is called directly by that
/// task; one that does costs an asynchronous call per event. A subscription ends when
/// its ``EventSubscription`` is cancelled or released, or when the bus is finished or
/// released; a stream ends then too.
///
/// Memory is bounded: a subscription that falls more than ``subscriberCapacity`` events
/// behind (10,000 by default; its handler is slow or stuck) skips the oldest of the
/// events it has not yet received and goes on from the newest `subscriberCapacity`, in
/// posting order. The bus keeps at most about `subscriberCapacity` events per topic
/// (plus one run of at most 1,024 being gathered), however far behind a subscription
/// is. A stream buffers at most `subscriberCapacity` events for a slow `for await` and
/// then drops the oldest. Nothing is skipped silently: ``EventSubscription/skippedEventCount``
/// counts what one subscription skipped, and ``skippedEventCount`` what every
/// subscription and stream skipped together.
public final class EventBus: EventSink {
  /// The default ``subscriberCapacity``: 10,000 events.
  public static let defaultSubscriberCapacity = 10_000

  /// The most events a subscription or stream may fall behind before it skips the
  /// oldest.
  public let subscriberCapacity: Int

  private let skipped: EventSkipCounter
  private let routes: Locked<EventRoutes>

  /// Creates a bus with no subscribers.
  /// - Parameter subscriberCapacity: The most events a subscription or stream may fall
  ///   behind before it skips the oldest; at least 1. 10,000 by default.
  public init(subscriberCapacity: Int = EventBus.defaultSubscriberCapacity) {
    let capacity = max(1, subscriberCapacity)
    let skipped = EventSkipCounter()
    self.subscriberCapacity = capacity
    self.skipped = skipped
    self.routes = Locked(EventRoutes(capacity: capacity, skipped: skipped))
  }

  deinit {
    // Ends every delivery task and stream, as the streams' continuations did when they
    // were released.
    for finish in routes.withLock({ $0.removeAll() }) {
      finish()
    }
  }

  /// Posts `event` to every matching subscription. Returns at once.
  @_optimize(speed)
  public func post(_ event: any LoyaltyEvent) {
    // Under the lock, so that concurrent posts reach every subscription in one order.
    routes.withLock { $0.send(event) }
  }

  /// Ends every subscription and stream: each delivers nothing after the event in
  /// progress, and every `for await` over a stream finishes. Later posts reach no one,
  /// and later subscriptions and streams end at once. The client calls it at shutdown.
  public func finish() {
    for finish in routes.withLock({ $0.finish() }) {
      finish()
    }
  }

  /// Whether ``finish()`` has been called.
  public var isFinished: Bool { routes.withLock { $0.isFinished } }

  /// The number of live subscriptions.
  public var subscriptionCount: Int { routes.withLock { $0.count } }

  /// The events skipped so far by every subscription and stream that fell more than
  /// ``subscriberCapacity`` events behind, over the bus's life.
  public var skippedEventCount: Int { skipped.total }

  /// Subscribes to events of type `type`.
  /// - Parameters:
  ///   - type: The event type.
  ///   - handler: Called once per event, in posting order, off the posting thread.
  /// - Returns: The subscription; keep it for as long as you want events.
  @inlinable
  public func subscribe<Event: LoyaltyEvent>(
    _ type: Event.Type,
    handler: @escaping @Sendable (Event) -> Void
  ) -> EventSubscription {
    // Inlinable so that the cast below is compiled for the caller's `Event`: in generic
    // code it would look up the metadata of `Event?` for every event.
    subscribe(toType: ObjectIdentifier(type), on: .global) { event in
      if let event = event as? Event {
        handler(event)
      }
    }
  }

  /// Subscribes to events of type `type` with a handler that may suspend; the next event
  /// is delivered once it returns.
  /// - Parameters:
  ///   - type: The event type.
  ///   - handler: Called once per event, in posting order.
  /// - Returns: The subscription; keep it for as long as you want events.
  public func subscribe<Event: LoyaltyEvent>(
    _ type: Event.Type,
    handler: @escaping @Sendable (Event) async -> Void
  ) -> EventSubscription {
    subscribe(to: .type(ObjectIdentifier(type)), on: .global) { reader in
      await reader.deliver(casting: { $0 as? Event }, to: handler)
    }
  }

  /// Subscribes to events named `name`, whatever their type.
  public func subscribe(
    to name: String,
    handler: @escaping @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: .name(name), on: .global) { await $0.deliver(to: handler) }
  }

  /// Subscribes to events named `name`, whatever their type, with a handler that may
  /// suspend.
  public func subscribe(
    to name: String,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(to: .name(name), on: .global) {
      await $0.deliver(casting: { $0 }, to: handler)
    }
  }

  /// Subscribes to every event.
  public func subscribeToAll(
    handler: @escaping @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: .all, on: .global) { await $0.deliver(to: handler) }
  }

  /// Subscribes to every event with a handler that may suspend.
  public func subscribeToAll(
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(to: .all, on: .global) { await $0.deliver(casting: { $0 }, to: handler) }
  }

  /// The events of type `type` as an asynchronous sequence; it ends when the task
  /// iterating it is cancelled.
  public func stream<Event: LoyaltyEvent>(_ type: Event.Type) -> AsyncStream<Event> {
    stream(of: .type(ObjectIdentifier(type))) { $0 as? Event }
  }

  /// The events named `name` as an asynchronous sequence.
  public func stream(named name: String) -> AsyncStream<any LoyaltyEvent> {
    stream(of: .name(name)) { $0 }
  }

  /// Subscribes `handler`, which casts each event to its type, to the events of the type
  /// `identifier` names.
  @usableFromInline
  func subscribe(
    toType identifier: ObjectIdentifier,
    on executor: DeliveryExecutor,
    handler: @escaping @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: .type(identifier), on: executor) { await $0.deliver(to: handler) }
  }

  /// Subscribes a reader to `topic` and starts the task that delivers its events with
  /// `deliver`.
  func subscribe(
    to topic: EventRoutes.Topic,
    on executor: DeliveryExecutor,
    deliver: @escaping @Sendable (EventReader) async -> Void
  ) -> EventSubscription {
    guard let reader = routes.withLock({ $0.isFinished ? nil : $0.addReader(to: topic) }) else {
      return EventSubscription.ended
    }
    let operation: @Sendable () async -> Void = { await deliver(reader) }
    let delivery = executor.start(operation)
    return EventSubscription(
      onCancel: { [weak self] in
        reader.finish()
        delivery.cancel()
        self?.remove(reader.id)
      },
      skipped: { reader.skippedEventCount })
  }

  /// A stream of the events of `topic` that `cast` lets through, yielded from the
  /// posting thread.
  private func stream<Element: Sendable>(
    of topic: EventRoutes.Topic, cast: @escaping @Sendable (any LoyaltyEvent) -> Element?
  ) -> AsyncStream<Element> {
    let (events, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .bufferingNewest(subscriberCapacity))
    let skipped = skipped
    let inlet = EventRoutes.StreamInlet(
      yield: { event in
        if let element = cast(event), case .dropped = continuation.yield(element) {
          skipped.add(1)
        }
      },
      finish: { continuation.finish() })
    guard let id = routes.withLock({ $0.isFinished ? nil : $0.addStream(inlet, to: topic) })
    else {
      continuation.finish()
      return events
    }
    continuation.onTermination = { [weak self] _ in
      self?.remove(id)
    }
    return events
  }

  private func remove(_ id: UInt64) {
    routes.withLock { $0.remove(id) }?()
  }
}
