/// An event queue in memory: bounded, lost when the process ends.
public actor InMemoryEventQueue: EventQueue {
  private var events: [QueuedEvent] = []
  /// The ids in `events`, kept with it so an append does not rebuild them.
  private var ids: Set<String> = []
  private var claimed: Set<String> = []
  private var quarantined: [(event: QueuedEvent, reason: String)] = []
  private var dropped = 0

  /// Creates an empty queue.
  public init() {}

  public func append(_ newEvents: [QueuedEvent]) {
    for event in newEvents where ids.insert(event.id).inserted {
      events.append(event)
    }
  }

  public func append(_ newEvents: [QueuedEvent], trimmingToCapacity capacity: Int) -> Int {
    append(newEvents)
    return trim(toCapacity: capacity)
  }

  public func claim(maxCount: Int, maxBytes: Int) -> [QueuedEvent] {
    var batch: [QueuedEvent] = []
    var bytes = 0
    for event in events where !claimed.contains(event.id) {
      guard batch.count < maxCount else { break }
      if batch.isEmpty && event.payload.count > maxBytes {
        batch.append(event)
        break
      }
      guard bytes + event.payload.count <= maxBytes else { break }
      batch.append(event)
      bytes += event.payload.count
    }
    claimed.formUnion(batch.map(\.id))
    return batch
  }

  public func acknowledge(_ ids: [String]) {
    let removed = Set(ids)
    events.removeAll { removed.contains($0.id) }
    claimed.subtract(removed)
    self.ids.subtract(removed)
  }

  public func release(_ ids: [String]) {
    let released = Set(ids.filter(claimed.contains))
    claimed.subtract(released)
    for index in events.indices where released.contains(events[index].id) {
      events[index].attempts += 1
    }
  }

  public func count() -> Int { events.count }

  public func trim(toCapacity capacity: Int) -> Int {
    let excess = events.count - max(0, capacity)
    guard excess > 0 else { return 0 }
    let removed = events.prefix(excess).map(\.id)
    events.removeFirst(excess)
    claimed.subtract(removed)
    self.ids.subtract(removed)
    dropped += excess
    return excess
  }

  public func droppedCount() -> Int { dropped }

  public func quarantine(_ ids: [String], reason: String) {
    let moved = Set(ids)
    for event in events where moved.contains(event.id) {
      quarantined.append((event: event, reason: reason))
    }
    events.removeAll { moved.contains($0.id) }
    claimed.subtract(moved)
    self.ids.subtract(moved)
  }

  public func quarantinedCount() -> Int { quarantined.count }

  public func removeAll() -> Int {
    defer {
      events = []
      ids = []
      claimed = []
      quarantined = []
    }
    return events.count + quarantined.count
  }
}
