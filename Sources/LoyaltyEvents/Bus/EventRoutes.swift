import LoyaltyCore

/// The bus's subscriptions, grouped by what they listen to, so posting an event finds its
/// listeners with one lookup by type and, only when someone listens by name, one by
/// name; nothing is matched subscriber by subscriber. Used under the bus's lock.
struct EventRoutes {
  /// What a subscription listens to.
  enum Topic: Hashable, Sendable {
    case type(ObjectIdentifier)
    case name(String)
    case all
  }

  /// A stream's continuation, behind closures that cast to the stream's element type.
  struct StreamInlet: Sendable {
    let yield: @Sendable (any LoyaltyEvent) -> Void
    let finish: @Sendable () -> Void
  }

  /// The listeners of one topic: handler subscriptions reading the topic's log, and
  /// streams fed directly. Immutable, so that posting reads it without the dynamic
  /// exclusivity checks a mutable class property costs; a change makes a new route.
  private final class Route: Sendable {
    /// Exists while there are readers, so that no one keeps events no one will read.
    let log: EventLog?
    let readers: [UInt64: EventReader]
    let streams: [(id: UInt64, inlet: StreamInlet)]

    init(
      log: EventLog? = nil, readers: [UInt64: EventReader] = [:],
      streams: [(id: UInt64, inlet: StreamInlet)] = []
    ) {
      self.log = log
      self.readers = readers
      self.streams = streams
    }

    var isEmpty: Bool { readers.isEmpty && streams.isEmpty }

    @_optimize(speed)
    func send(_ event: any LoyaltyEvent) {
      log?.append(event)
      for stream in streams {
        stream.inlet.yield(event)
      }
    }

    /// This route with a new reader of its log, made by `makeLog` if the route has none;
    /// returns the reader.
    func addingReader(id: UInt64, makeLog: () -> EventLog) -> (Route, EventReader) {
      let log = self.log ?? makeLog()
      let reader = EventReader(id: id, log: log)
      var readers = self.readers
      readers[id] = reader
      return (Route(log: log, readers: readers, streams: streams), reader)
    }

    /// This route with a new stream.
    func addingStream(id: UInt64, _ inlet: StreamInlet) -> Route {
      Route(log: log, readers: readers, streams: streams + [(id, inlet)])
    }

    /// This route without subscription `id`, and what ends that subscription.
    func removing(_ id: UInt64) -> (Route, (@Sendable () -> Void)?) {
      var readers = self.readers
      if let reader = readers.removeValue(forKey: id) {
        let route = Route(log: readers.isEmpty ? nil : log, readers: readers, streams: streams)
        return (route, { reader.finish() })
      }
      var streams = self.streams
      guard let index = streams.firstIndex(where: { $0.id == id }) else { return (self, nil) }
      let removed = streams.remove(at: index)
      return (Route(log: log, readers: readers, streams: streams), removed.inlet.finish)
    }

    /// Everything that must be told the subscriptions have ended.
    var finishers: [@Sendable () -> Void] {
      let readers: [@Sendable () -> Void] = readers.values.map { reader in
        { reader.finish() }
      }
      return readers + streams.map(\.inlet.finish)
    }
  }

  /// The most events a handler subscription may fall behind before it skips the oldest.
  let capacity: Int
  /// Counts the events every slow subscription skipped.
  let skipped: EventSkipCounter
  private var nextID: UInt64 = 0
  private var byType: [ObjectIdentifier: Route] = [:]
  private var byName: [String: Route] = [:]
  private var toAll = Route()
  private var topics: [UInt64: Topic] = [:]

  /// Routes whose logs keep about `capacity` events per topic, counting what slow
  /// subscriptions skip in `skipped`.
  init(capacity: Int, skipped: EventSkipCounter) {
    self.capacity = capacity
    self.skipped = skipped
  }

  /// Whether the bus has been finished: no subscription is added after that.
  private(set) var isFinished = false

  /// The number of subscriptions.
  var count: Int { topics.count }

  /// Hands `event` to every subscription listening to its type, its name, or everything.
  @_optimize(speed)
  func send(_ event: any LoyaltyEvent) {
    byType[ObjectIdentifier(type(of: event))]?.send(event)
    if !byName.isEmpty {
      byName[event.name]?.send(event)
    }
    if !toAll.isEmpty {
      toAll.send(event)
    }
  }

  /// Adds a handler subscription to `topic`: a reader of the events posted from now on.
  mutating func addReader(to topic: Topic) -> EventReader {
    let id = register(topic)
    let (route, reader) = self.route(for: topic).addingReader(id: id) {
      EventLog(capacity: capacity, skipped: skipped)
    }
    setRoute(route, for: topic)
    return reader
  }

  /// Adds a stream to `topic`; returns its id.
  mutating func addStream(_ inlet: StreamInlet, to topic: Topic) -> UInt64 {
    let id = register(topic)
    setRoute(route(for: topic).addingStream(id: id, inlet), for: topic)
    return id
  }

  /// Removes subscription `id`; returns what ends it, to be called outside the lock, as a
  /// stream's termination handler takes that lock.
  mutating func remove(_ id: UInt64) -> (@Sendable () -> Void)? {
    guard let topic = topics.removeValue(forKey: id) else { return nil }
    let (route, finisher) = route(for: topic).removing(id)
    setRoute(route, for: topic)
    return finisher
  }

  /// Removes every subscription and refuses new ones; returns what ends them, to be
  /// called outside the lock.
  mutating func finish() -> [@Sendable () -> Void] {
    isFinished = true
    return removeAll()
  }

  /// Removes every subscription; returns what ends them, to be called outside the lock.
  mutating func removeAll() -> [@Sendable () -> Void] {
    let routes = Array(byType.values) + Array(byName.values) + [toAll]
    byType = [:]
    byName = [:]
    toAll = Route()
    topics = [:]
    return routes.flatMap(\.finishers)
  }

  private mutating func register(_ topic: Topic) -> UInt64 {
    nextID += 1
    topics[nextID] = topic
    return nextID
  }

  /// The route of `topic`; an empty one if it has none.
  private func route(for topic: Topic) -> Route {
    switch topic {
    case .type(let identifier): byType[identifier] ?? Route()
    case .name(let name): byName[name] ?? Route()
    case .all: toAll
    }
  }

  /// Makes `route` the route of `topic`, dropping it from the tables when empty.
  private mutating func setRoute(_ route: Route, for topic: Topic) {
    switch topic {
    case .type(let identifier): byType[identifier] = route.isEmpty ? nil : route
    case .name(let name): byName[name] = route.isEmpty ? nil : route
    case .all: toAll = route
    }
  }
}
