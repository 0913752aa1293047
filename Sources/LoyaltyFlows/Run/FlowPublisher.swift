import LoyaltyCore

/// A run's observable side: the current state and its subscribers, the session ticks,
/// and the one outcome. Guarded by a lock so hosts read the current values without
/// awaiting, and so the outcome is recorded exactly once whatever races to end the run.
final class FlowPublisher: Sendable {
  private struct State {
    var current: FlowState = .idle
    var tick: SessionTick?
    var outcome: FlowOutcome?
    var nextID = 0
    var stateSubscribers: [Int: AsyncStream<FlowState>.Continuation] = [:]
    var tickSubscribers: [Int: AsyncStream<SessionTick>.Continuation] = [:]
    var outcomeWaiters: [CheckedContinuation<FlowOutcome, Never>] = []
  }

  private let state = Locked(State())

  var current: FlowState { state.withLock { $0.current } }
  var tick: SessionTick? { state.withLock { $0.tick } }
  var outcome: FlowOutcome? { state.withLock { $0.outcome } }

  /// A stream of states, starting with the current one; it ends with the run.
  func states() -> AsyncStream<FlowState> {
    subscribe(bufferingNewest: 64, first: { $0.current }, to: \.stateSubscribers)
  }

  /// A stream of session ticks, starting with the last one; it ends with the run.
  func ticks() -> AsyncStream<SessionTick> {
    subscribe(bufferingNewest: 8, first: { $0.tick }, to: \.tickSubscribers)
  }

  /// A stream that starts with `first` (when there is one) and then receives what is
  /// published to `subscribers`; already finished when the run has ended.
  private func subscribe<Element>(
    bufferingNewest limit: Int, first: (State) -> Element?,
    to subscribers: any WritableKeyPath<State, [Int: AsyncStream<Element>.Continuation]> & Sendable
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(
      bufferingPolicy: .bufferingNewest(limit))
    let id = state.withLock { state -> Int? in
      if let element = first(state) { continuation.yield(element) }
      guard !state.current.isTerminal else { return nil }
      state.nextID += 1
      state[keyPath: subscribers][state.nextID] = continuation
      return state.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0[keyPath: subscribers].removeValue(forKey: id) }
    }
    return stream
  }

  /// Publishes a non-terminal state.
  func publish(_ next: FlowState) {
    state.withLock { state in
      guard !state.current.isTerminal else { return }
      state.current = next
      for continuation in state.stateSubscribers.values { continuation.yield(next) }
    }
  }

  /// Publishes a tick.
  func publish(_ tick: SessionTick) {
    state.withLock { state in
      guard !state.current.isTerminal else { return }
      state.tick = tick
      for continuation in state.tickSubscribers.values { continuation.yield(tick) }
    }
  }

  /// Ends the run with `terminal` and `outcome`, unless it has ended already.
  /// - Returns: Whether this call ended it (the caller then delivers the outcome).
  func end(_ terminal: FlowState, outcome: FlowOutcome) -> Bool {
    let ended = state.withLock {
      state -> (
        waiters: [CheckedContinuation<FlowOutcome, Never>],
        stateSubscribers: [AsyncStream<FlowState>.Continuation],
        tickSubscribers: [AsyncStream<SessionTick>.Continuation]
      )? in
      guard state.outcome == nil, !state.current.isTerminal else { return nil }
      state.current = terminal
      state.outcome = outcome
      defer {
        state.outcomeWaiters = []
        state.stateSubscribers = [:]
        state.tickSubscribers = [:]
      }
      return (
        state.outcomeWaiters, Array(state.stateSubscribers.values),
        Array(state.tickSubscribers.values)
      )
    }
    guard let ended else { return false }
    for continuation in ended.stateSubscribers {
      continuation.yield(terminal)
      continuation.finish()
    }
    for continuation in ended.tickSubscribers { continuation.finish() }
    for waiter in ended.waiters { waiter.resume(returning: outcome) }
    return true
  }

  /// Waits for the outcome.
  func awaitOutcome() async -> FlowOutcome {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> FlowOutcome? in
        if let outcome = state.outcome { return outcome }
        state.outcomeWaiters.append(continuation)
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
