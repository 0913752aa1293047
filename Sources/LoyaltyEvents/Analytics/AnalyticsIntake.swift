import LoyaltyCore

/// Where ``AnalyticsPipeline/track(_:parameters:)`` hands its events, behind a lock and
/// without a hop to the pipeline's actor.
///
/// Events wait here in the order their ids were made (the id is made under the lock) until
/// the pipeline's one drainer takes them, as a batch, and commits them to the queue; each
/// caller waits on its continuation until its event is committed or refused. The lock
/// also keeps the count of events since the last flush, so the drainer never takes more
/// than the `flushAt` trigger still has room for: the batch that reaches it ends on it.
struct AnalyticsIntake: Sendable {
  /// A tracked event and the caller waiting for it: resumed with the event's id once it
  /// is committed, or with the error that refused it.
  struct Entry: Sendable {
    let event: AnalyticsEvent
    let continuation: UnsafeContinuation<String?, any Error>
  }

  /// What became of a `track` that asked to be admitted.
  enum Admission {
    /// Waiting behind a drainer that is already running.
    case queued
    /// Waiting; the caller starts the drainer.
    case startsDrainer
    /// Refused: the pipeline is stopped.
    case stopped
    /// Refused: the event's name is empty or too long.
    case invalidName
    /// Not taken: plugins are installed, so the event goes through the pipeline's actor.
    case throughPlugins
  }

  private struct State {
    var waiting: [Entry] = []
    /// Whether a drainer is running; it stops only once it found nothing waiting.
    var draining = false
    var sinceFlush = 0
    var tracked = 0
    var stopped = false
    var hasPlugins = false
  }

  private let state = Locked(State())

  /// Admits an event made by `makeEvent` (called under the lock, so ids and timestamps
  /// increase in the order events wait), unless the pipeline is stopped, the name is
  /// invalid or plugins are installed.
  func admit(
    valid: Bool, _ continuation: UnsafeContinuation<String?, any Error>,
    makeEvent: () -> AnalyticsEvent
  ) -> Admission {
    state.withLock { state in
      if state.stopped { return .stopped }
      if state.hasPlugins { return .throughPlugins }
      guard valid else { return .invalidName }
      state.waiting.append(Entry(event: makeEvent(), continuation: continuation))
      guard !state.draining else { return .queued }
      state.draining = true
      return .startsDrainer
    }
  }

  /// Adds an event that went through the plugins.
  /// - Returns: Whether the caller must start the drainer.
  func enqueue(_ event: AnalyticsEvent, _ continuation: UnsafeContinuation<String?, any Error>)
    -> Bool
  {
    state.withLock { state in
      state.waiting.append(Entry(event: event, continuation: continuation))
      guard !state.draining else { return false }
      state.draining = true
      return true
    }
  }

  /// Takes the oldest waiting events, at most as many as the `flushAt` trigger has room
  /// for; `nil` when none wait, and the drainer then stops. When the count is already at
  /// `flushAt` (a flush was in flight when it got there, so none could start), it takes
  /// every waiting event: the next flush starts once the one in flight ends, whatever
  /// the count, so the events still share one append meanwhile.
  func take(flushAt: Int) -> [Entry]? {
    state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.draining = false
        return nil
      }
      let room = flushAt - state.sinceFlush
      guard room > 0, room < state.waiting.count else {
        defer { state.waiting = [] }
        return state.waiting
      }
      defer { state.waiting.removeFirst(room) }
      return Array(state.waiting[..<room])
    }
  }

  /// Counts `count` committed events.
  /// - Returns: Whether the events since the last flush reached `flushAt`.
  func committed(_ count: Int, flushAt: Int) -> Bool {
    state.withLock { state in
      state.tracked += count
      state.sinceFlush += count
      return state.sinceFlush >= flushAt
    }
  }

  /// A flush started: the count towards `flushAt` starts again.
  func resetCount() {
    state.withLock { $0.sinceFlush = 0 }
  }

  /// Events committed so far.
  var tracked: Int { state.withLock { $0.tracked } }

  /// Refuses further events.
  func stop() {
    state.withLock { $0.stopped = true }
  }

  /// Whether `track` must go through the pipeline's actor for its plugins.
  func setHasPlugins(_ hasPlugins: Bool) {
    state.withLock { $0.hasPlugins = hasPlugins }
  }
}
