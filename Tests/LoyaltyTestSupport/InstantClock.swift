public import Foundation
public import LoyaltyCore

/// A clock whose sleeps return at once and move its time forward, so retries, Retry-After,
/// cool-downs and latency cost nothing; it records every sleep.
///
/// Sleeps of `realSleepsFrom` seconds or more are timeouts racing an operation (the 30 s
/// login timeout, say): those really wait, until cancelled, so such a timeout never wins
/// its race by accident. By default every sleep is instant.
public final class InstantClock: LoyaltyClock {
  private struct State {
    var now: Date
    var monotonicTime: TimeInterval = 0
    var sleeps: [TimeInterval] = []
  }

  private let state: Locked<State>
  private let realSleepsFrom: TimeInterval

  public init(
    start: Date = Date(timeIntervalSince1970: 1_800_000_000),
    realSleepsFrom: TimeInterval = .infinity
  ) {
    state = Locked(State(now: start))
    self.realSleepsFrom = realSleepsFrom
  }

  public var now: Date { state.withLock { $0.now } }

  /// Seconds moved forward since the clock was made: its wall clock never jumps.
  public var monotonicTime: TimeInterval { state.withLock { $0.monotonicTime } }

  /// The sleeps asked for, in order, not counting the ones that really waited.
  public var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

  public func sleep(for seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    if seconds >= realSleepsFrom {
      try await Task.sleep(for: .seconds(3_600))
      return
    }
    state.withLock { state in
      state.sleeps.append(seconds)
      state.now = state.now.addingTimeInterval(max(0, seconds))
      state.monotonicTime += max(0, seconds)
    }
    await Task.yield()
  }

  /// Moves the time by `seconds`: both clocks forward, or (negative) the wall clock back
  /// alone, as a user setting it does.
  public func advance(by seconds: TimeInterval) {
    state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      state.monotonicTime += max(0, seconds)
    }
  }
}
