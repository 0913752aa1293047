import LoyaltyCore

#if !canImport(Darwin)
  import Synchronization
#endif

/// One handler subscription's place in its topic's ``EventLog``: it delivers the events
/// posted after it was made, one at a time, in posting order, until it is finished.
/// When it falls so far behind that the log trimmed its next events, it skips to the
/// oldest the log kept and counts what it skipped.
final class EventReader: Sendable {
  /// Identifies the reader among the log's waiting readers.
  let id: UInt64

  private let log: EventLog

  /// Where delivery starts; taken when it starts, as holding a chunk holds every chunk
  /// after it.
  private let start: Locked<EventChunk?>

  // The delivery loop reads `finished` before every event, so the flag is kept off
  // the cache lines that posting writes, ours or a neighbouring object's: read that
  // way it costs about as much as a local. Asking `Task.isCancelled` instead cost a
  // fifth of the delivery time; a lock, 20 times an atomic load here.
  private let spacer = CacheLineSpacer()
  #if canImport(Darwin)
    // The SDK's floor (iOS 17) predates `Atomic` (iOS 18): a lock on Apple platforms.
    private let finished = Locked(false)
  #else
    private let finished = Atomic(false)
  #endif
  private let trailingSpacer = CacheLineSpacer()

  /// The events skipped because the log trimmed them before they were delivered.
  private let skipped = Locked(0)

  /// A reader of the events `log` receives from now on.
  init(id: UInt64, log: EventLog) {
    self.id = id
    self.log = log
    self.start = Locked(log.end())
  }

  /// Whether ``finish()`` has been called: nothing more is delivered.
  var isFinished: Bool {
    #if canImport(Darwin)
      finished.withLock { $0 }
    #else
      finished.load(ordering: .acquiring)
    #endif
  }

  /// How many events this reader skipped because it fell more than the log's capacity
  /// behind.
  var skippedEventCount: Int { skipped.withLock { $0 } }

  /// Counts the events between `position` and `chunk` as skipped: `chunk` is the log's
  /// oldest when the log trimmed what followed `position`.
  @_optimize(speed)
  private func countSkipped(from position: EventChunk, to chunk: EventChunk) {
    guard chunk.first > position.end else { return }
    let count = Int(truncatingIfNeeded: chunk.first - position.end)
    skipped.withLock { $0 &+= count }
    log.skipped.add(count)
  }

  /// Ends delivery: the event being delivered, if any, is the last.
  func finish() {
    #if canImport(Darwin)
      finished.withLock { $0 = true }
    #else
      finished.store(true, ordering: .releasing)
    #endif
    log.stopWaiting(self)
  }

  /// Delivers every event to `handler` until the reader is finished.
  @_optimize(speed)
  func deliver(to handler: @Sendable (any LoyaltyEvent) -> Void) async {
    guard var position = start.withLock({ $0.take() }) else { return }
    while let chunk = await log.chunk(after: position, for: self) {
      countSkipped(from: position, to: chunk)
      for index in chunk.events.indices {
        guard !isFinished else { return }
        handler(chunk.events[index])
      }
      position = chunk
    }
  }

  /// Delivers every event `cast` lets through to the asynchronous `handler` until the
  /// reader is finished. The cast runs here rather than in a wrapping closure, so each
  /// event costs one asynchronous call.
  @_optimize(speed)
  func deliver<Event>(
    casting cast: @Sendable (any LoyaltyEvent) -> Event?,
    to handler: @Sendable (Event) async -> Void
  ) async {
    guard var position = start.withLock({ $0.take() }) else { return }
    while let chunk = await log.chunk(after: position, for: self) {
      countSkipped(from: position, to: chunk)
      for index in chunk.events.indices {
        guard !isFinished else { return }
        if let event = cast(chunk.events[index]) {
          await handler(event)
        }
      }
      position = chunk
    }
  }
}
