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
final class EventLog: Sendable {
  private struct State {
    /// Posted since the last seal.
    var open: [any LoyaltyEvent] = []
    /// The last sealed chunk; the only one without a successor.
    var last = EventChunk(events: [])
    /// Readers waiting for a post, by id.
    var waiting: [UInt64: UnsafeContinuation<Void, Never>] = [:]

    /// Moves the open buffer into a chunk linked after the last one.
    mutating func seal() {
      guard !open.isEmpty else { return }
      let chunk = EventChunk(events: open)
      open = []
      last.link(chunk)
      last = chunk
    }
  }

  private let state = Locked(State())

  /// Appends `event` and wakes the readers waiting for it.
  func append(_ event: any LoyaltyEvent) {
    let waiting = state.withLock { state -> [UInt64: UnsafeContinuation<Void, Never>]? in
      state.open.append(event)
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
      state.seal()
      return state.last
    }
  }

  /// The chunk after `chunk`, waiting for a post if there is none yet; `nil` once
  /// `reader` is finished.
  func chunk(after chunk: EventChunk, for reader: EventReader) async -> EventChunk? {
    while !reader.isFinished {
      if let next = chunk.next {
        return next
      }
      // A chunk without a successor is the last one: the next is the open buffer.
      let sealed = state.withLock { state -> EventChunk? in
        state.seal()
        return chunk.next
      }
      if let sealed {
        return sealed
      }
      await withUnsafeContinuation { continuation in
        let isReady = state.withLock { state -> Bool in
          // Checked under the lock that `stopWaiting` takes after finishing the reader.
          if reader.isFinished || !state.open.isEmpty || chunk.next != nil { return true }
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
