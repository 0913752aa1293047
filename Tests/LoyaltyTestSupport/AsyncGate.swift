import LoyaltyCore

/// Opens once; tasks waiting on it resume then, and later waits return at once. A test
/// holds work at a point with it (a subscriber in its handler, an observer in a change)
/// until it has checked what the rest does meanwhile.
public final class AsyncGate: Sendable {
  private struct State {
    var open = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Whether a task has come to ``wait()``.
    var entered = false
  }

  private let state = Locked(State())

  /// Creates a closed gate.
  public init() {}

  /// Whether a task has come to ``wait()`` (it may have passed already if the gate was open).
  public var hasWaiter: Bool { state.withLock { $0.entered } }

  /// Waits until the gate is open.
  public func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        state.entered = true
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Opens the gate: every waiting task resumes.
  public func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    waiters.forEach { $0.resume() }
  }
}
