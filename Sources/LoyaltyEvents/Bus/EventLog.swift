import LoyaltyCore

/// The events posted to one topic, kept once for all of the topic's handler
/// subscriptions, which each read them from where they have got to.
///
/// Posting appends the event to an open buffer under a lock and wakes the readers that
/// wait. A reader that has caught up seals the open buffer into an ``EventChunk``,
/// linked after the last one, and delivers from it outside the lock; readers behind it
/// find the chunk already linked. So a post costs one append however many subscribers
/// listen, a subscriber's batch costs one lock, and a queue of events costs its memory
/// once. (A queue per subscription, the previous design, copied each event into every
/// subscriber's buffer, which dominated the cost with ten subscribers.)
///
/// Memory is bounded by `capacity`: the open buffer is sealed every ``sealSize`` posts
/// even when no reader asks, and the oldest chunks are trimmed once the newer ones hold
/// at least `capacity` events. A reader whose next chunk was trimmed (a subscription
/// more than `capacity` events behind) goes on from the oldest chunk kept, and counts
/// what it skipped. The log holds at most `capacity + 2 x sealSize` events.
final class EventLog: Sendable {
  private struct State {
    /// Posted since the last seal.
    var open: [any LoyaltyEvent] = []
    /// The position of `open`'s first event.
    var openFirst: UInt64 = 0
    /// The last sealed chunk; the only one without a successor.
    var last = EventChunk(first: 0, events: [])
    /// The oldest chunk the log still holds.
    var oldest: EventChunk
    /// The events in the chunks from `oldest` to `last`.
    var kept = 0
    /// Readers waiting for a post, by id.
    var waiting: [UInt64: UnsafeContinuation<Void, Never>] = [:]

    init() {
      oldest = last
    }

    /// Moves the open buffer into a chunk linked after the last one, and trims the
    /// oldest chunks while the newer ones hold `capacity` events.
    mutating func seal(capacity: Int) {
      guard !open.isEmpty else { return }
      let chunk = EventChunk(first: openFirst, events: open)
      openFirst = chunk.end
      kept += open.count
      open = []
      last.link(chunk)
      last = chunk
      while oldest !== last, kept - oldest.events.count >= capacity {
        let trimmed = oldest
        guard let next = trimmed.next else { break }
        kept -= trimmed.events.count
        oldest = next
        trimmed.trim()
      }
    }

    /// The chunk after `chunk`: its successor, or the oldest kept if it was trimmed.
    func chunk(after chunk: EventChunk) -> EventChunk? {
      switch chunk.successor {
      case .none: nil
      case .linked(let next): next
      case .trimmed: oldest
      }
    }
  }

  /// The most events a reader may fall behind before it skips the oldest.
  let capacity: Int
  /// How many posts the open buffer takes before it is sealed without a reader asking.
  let sealSize: Int
  /// Counts the events skipped by every reader of every log of one bus.
  let skipped: EventSkipCounter

  private let state = Locked(State())

  /// A log that keeps about `capacity` events for its readers.
  init(capacity: Int, skipped: EventSkipCounter) {
    self.capacity = max(1, capacity)
    self.sealSize = min(self.capacity, 1_024)
    self.skipped = skipped
  }

  /// Appends `event` and wakes the readers waiting for it.
  @_optimize(speed)
  func append(_ event: any LoyaltyEvent) {
    let waiting = state.withLock { state -> [UInt64: UnsafeContinuation<Void, Never>]? in
      state.open.append(event)
      if state.open.count >= sealSize {
        state.seal(capacity: capacity)
      }
      guard !state.waiting.isEmpty else { return nil }
      defer { state.waiting = [:] }
      return state.waiting
    }
    guard let waiting else { return }
    for reader in waiting.values {
      reader.resume()
    }
  }

  /// Where a new reader starts: after every event posted so far.
  func end() -> EventChunk {
    state.withLock { state in
      state.seal(capacity: capacity)
      return state.last
    }
  }

  /// The chunk after `chunk`, waiting for a post if there is none yet; `nil` once
  /// `reader` is finished. When `chunk` was trimmed, the oldest chunk kept: its
  /// ``EventChunk/first`` is then beyond `chunk`'s end by the events skipped.
  @_optimize(speed)
  func chunk(after chunk: EventChunk, for reader: EventReader) async -> EventChunk? {
    while !reader.isFinished {
      switch chunk.successor {
      case .linked(let next): return next
      case .trimmed: return state.withLock { $0.oldest }
      case .none: break
      }
      // A chunk without a successor is the last one: the next is the open buffer.
      let sealed = state.withLock { state -> EventChunk? in
        state.seal(capacity: capacity)
        return state.chunk(after: chunk)
      }
      if let sealed {
        return sealed
      }
      await withUnsafeContinuation { continuation in
        let isReady = state.withLock { state -> Bool in
          // Checked under the lock that `stopWaiting` takes after finishing the reader.
          if reader.isFinished || !state.open.isEmpty || state.chunk(after: chunk) != nil {
            return true
          }
          state.waiting[reader.id] = continuation
          return false
        }
        if isReady {
          continuation.resume()
        }
      }
    }
    return nil
  }

  /// Wakes `reader` if it waits, once it is finished.
  func stopWaiting(_ reader: EventReader) {
    state.withLock { $0.waiting.removeValue(forKey: reader.id) }?.resume()
  }
}
