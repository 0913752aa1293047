import LoyaltyCore

/// Where ``AnalyticsPipeline/track(_:parameters:)`` hands its events, behind a lock and
/// without a hop to the pipeline's actor.
///
/// Events wait here in the order their ids were made (the id is made under the lock).
/// The first event to wait starts a *commit*: a task that, once the commit before it has
/// ended, takes every event waiting by then and appends them to the queue as a batch.
/// Each caller awaits the commit that took its event and reads its own outcome by
/// position, so a caller waits on a task's value, never on a continuation another thread
/// resumes. Commits run one after another, in order. The lock also keeps the count of
/// events since the last flush, so a commit never appends more than the `flushAt`
/// trigger still has room for at once: the append that reaches it ends on it.
struct AnalyticsIntake: Sendable {
  /// What became of one tracked event: its id once committed, or the error that refused
  /// it.
  typealias Outcome = Result<String, any Error>

  /// The task that commits one batch; its value holds each event's outcome, in order.
  typealias Commit = Task<[Outcome], Never>

  /// Where a caller's event waits: the commit that takes it, and its position there.
  struct Ticket: Sendable {
    let commit: Commit
    let position: Int

    /// Waits for the commit, and returns the event's id or throws what refused it.
    func outcome() async throws -> String {
      try await commit.value[position].get()
    }
  }

  /// What became of a `track` that asked to be admitted.
  enum Admission {
    /// Waiting for the commit on the ticket.
    case admitted(Ticket)
    /// Refused: the pipeline is stopped.
    case stopped
    /// Refused: the event's name is empty or too long.
    case invalidName
    /// Not taken: plugins are installed, so the event goes through the pipeline's actor.
    case throughPlugins
  }

  private struct State {
    var waiting: [AnalyticsEvent] = []
    /// The commit that will take what waits; `nil` while nothing waits.
    var next: Commit?
    /// The last commit started: the next one waits for it.
    var last: Commit?
    var sinceFlush = 0
    var tracked = 0
    var stopped = false
    var hasPlugins = false
  }

  private let state = Locked(State())

  /// Admits an event made by `makeEvent` (called under the lock, so ids and timestamps
  /// increase in the order events wait), unless the pipeline is stopped, the name is
  /// invalid or plugins are installed.
  /// - Parameter startCommit: Starts a commit that first waits for the one given; called
  ///   under the lock when no commit is waiting to take the event.
  func admit(
    valid: Bool, makeEvent: () -> AnalyticsEvent, startCommit: (Commit?) -> Commit
  ) -> Admission {
    state.withLock { state in
      if state.stopped { return .stopped }
      if state.hasPlugins { return .throughPlugins }
      guard valid else { return .invalidName }
      return .admitted(Self.wait(makeEvent(), in: &state, startCommit: startCommit))
    }
  }

  /// Adds an event that went through the plugins.
  func enqueue(_ event: AnalyticsEvent, startCommit: (Commit?) -> Commit) -> Ticket {
    state.withLock { Self.wait(event, in: &$0, startCommit: startCommit) }
  }

  private static func wait(
    _ event: AnalyticsEvent, in state: inout State, startCommit: (Commit?) -> Commit
  ) -> Ticket {
    state.waiting.append(event)
    let commit: Commit
    if let next = state.next {
      commit = next
    } else {
      commit = startCommit(state.last)
      state.next = commit
      state.last = commit
    }
    return Ticket(commit: commit, position: state.waiting.count - 1)
  }

  /// Takes every waiting event, for the commit that was started for them; the next
  /// event to wait starts the next commit.
  func takeWaiting() -> [AnalyticsEvent] {
    state.withLock { state in
      defer {
        state.waiting = []
        state.next = nil
      }
      return state.waiting
    }
  }

  /// How many of `count` events to append at once: no more than the `flushAt` trigger
  /// has room for. When the count is already at `flushAt` (a flush was in flight when it
  /// got there, so none could start), all of them: the next flush starts once the one in
  /// flight ends, whatever the count, so the events still share one append meanwhile.
  func chunk(of count: Int, flushAt: Int) -> Int {
    state.withLock { state in
      let room = flushAt - state.sinceFlush
      return room > 0 ? min(room, count) : count
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

  /// The last commit started, if any: once it has ended, every event admitted before
  /// this call is in the queue or refused.
  func lastCommit() -> Commit? {
    state.withLock { $0.last }
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
