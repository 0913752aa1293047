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
    let queue: Queue
  }

  /// Where a subscriber's events wait: a handler's mailbox, or a stream's continuation.
  private enum Queue: Sendable {
    case mailbox(Mailbox)
    case stream(AsyncStream<any LoyaltyEvent>.Continuation)

    func enqueue(_ event: any LoyaltyEvent) {
      switch self {
      case .mailbox(let mailbox): mailbox.append(event)
      case .stream(let continuation): continuation.yield(event)
      }
    }

    func finish() {
      switch self {
      case .mailbox(let mailbox): mailbox.finish()
      case .stream(let continuation): continuation.finish()
      }
    }
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

  deinit {
    // Ends every delivery task and stream, as the streams' continuations did when they
    // were released.
    let subscribers = state.withLock { $0.subscribers.values }
    for subscriber in subscribers {
      subscriber.queue.finish()
    }
  }

  /// Posts `event` to every matching subscription. Returns at once.
  public func post(_ event: any LoyaltyEvent) {
    state.withLock { state in
      for subscriber in state.subscribers.values where subscriber.filter.matches(event) {
        subscriber.queue.enqueue(event)
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
    subscribe(
      filter: .type(ObjectIdentifier(type)), executor: executor, cast: { $0 as? Event },
      handler: handler)
  }

  /// Subscribes to events named `name`, whatever their type.
  public func subscribe(
    to name: String,
    on executor: (any TaskExecutor)? = nil,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(filter: .name(name), executor: executor, cast: { $0 }, handler: handler)
  }

  /// Subscribes to every event.
  public func subscribeToAll(
    on executor: (any TaskExecutor)? = nil,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(filter: .all, executor: executor, cast: { $0 }, handler: handler)
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

  /// Subscribes `handler` to the events `filter` matches, as `cast` gives them; the cast
  /// runs in the delivery loop, so each event costs one asynchronous call.
  private func subscribe<Event>(
    filter: Filter,
    executor: (any TaskExecutor)?,
    cast: @escaping @Sendable (any LoyaltyEvent) -> Event?,
    handler: @escaping @Sendable (Event) async -> Void
  ) -> EventSubscription {
    let mailbox = Mailbox()
    let id = add(Subscriber(filter: filter, queue: .mailbox(mailbox)))
    let deliver: @Sendable () async -> Void = {
      while true {
        let events = await mailbox.next()
        guard !events.isEmpty else { return }
        for event in events {
          guard !Task.isCancelled else { return }
          if let event = cast(event) {
            await handler(event)
          }
        }
      }
    }
    // A task without a preference unless one is asked for: a task with one pays for
    // looking it up at every suspension.
    let delivery =
      executor.map { Task(executorPreference: $0, operation: deliver) } ?? Task(operation: deliver)
    return EventSubscription { [weak self] in
      delivery.cancel()
      mailbox.finish()
      self?.remove(id)
    }
  }

  private func register(filter: Filter) -> (AsyncStream<any LoyaltyEvent>, UInt64) {
    let (events, continuation) = AsyncStream.makeStream(of: (any LoyaltyEvent).self)
    return (events, add(Subscriber(filter: filter, queue: .stream(continuation))))
  }

  private func add(_ subscriber: Subscriber) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.subscribers[state.nextID] = subscriber
      return state.nextID
    }
  }

  private func remove(_ id: UInt64) {
    let removed = state.withLock { $0.subscribers.removeValue(forKey: id) }
    removed?.queue.finish()
  }
}

/// One subscription's queue of events, in posting order, unbounded.
///
/// Posting appends under a lock and resumes the delivery task only when it is waiting;
/// the delivery task takes everything queued at once. An `AsyncStream` per subscription
/// did the same with a suspension, a lock and an unspecialized buffer operation per
/// event, which made the bus slower than `NotificationCenter`.
private final class Mailbox: Sendable {
  private struct State {
    var events: [any LoyaltyEvent] = []
    var waiting: UnsafeContinuation<[any LoyaltyEvent], Never>?
    var isFinished = false
  }

  private let state = Mutex(State())

  /// Queues `event`, or hands it to the waiting delivery task; ignored once finished.
  func append(_ event: any LoyaltyEvent) {
    let waiting = state.withLock { state -> UnsafeContinuation<[any LoyaltyEvent], Never>? in
      guard !state.isFinished else { return nil }
      // The delivery task only waits when nothing is queued, so `event` comes next.
      if let waiting = state.waiting {
        state.waiting = nil
        return waiting
      }
      state.events.append(event)
      return nil
    }
    waiting?.resume(returning: [event])
  }

  /// Everything queued, in order, waiting for an event if there is none; empty once
  /// finished.
  func next() async -> [any LoyaltyEvent] {
    if let ready = state.withLock({ Self.take(&$0) }) {
      return ready
    }
    return await withUnsafeContinuation { continuation in
      let ready = state.withLock { state -> [any LoyaltyEvent]? in
        if let ready = Self.take(&state) { return ready }
        state.waiting = continuation
        return nil
      }
      if let ready {
        continuation.resume(returning: ready)
      }
    }
  }

  /// Drops what is queued and ends delivery.
  func finish() {
    let waiting = state.withLock { state -> UnsafeContinuation<[any LoyaltyEvent], Never>? in
      state.isFinished = true
      state.events = []
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: [])
  }

  /// The queued events (emptied), `[]` when finished, `nil` when there is nothing yet.
  private static func take(_ state: inout State) -> [any LoyaltyEvent]? {
    if !state.events.isEmpty {
      defer { state.events = [] }
      return state.events
    }
    return state.isFinished ? [] : nil
  }
}
