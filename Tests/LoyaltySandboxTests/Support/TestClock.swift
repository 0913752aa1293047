import Foundation
import LoyaltyCore
import Synchronization

/// A clock shared by the client and the sandbox: short sleeps return at once and move
/// time forward, so retries, Retry-After and latency cost nothing; it records them.
///
/// Sleeps of 25 s or more are timeouts racing an operation (the 30 s login timeout):
/// those really wait, until cancelled, so a timeout never wins the race by accident.
final class TestClock: LoyaltyClock {
  private struct State {
    var now: Date
    var sleeps: [TimeInterval] = []
  }

  private let state: Mutex<State>

  init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    state = Mutex(State(now: start))
  }

  var now: Date { state.withLock { $0.now } }
  var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

  func sleep(for seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    if seconds >= 25 {
      try await Task.sleep(for: .seconds(3_600))
      return
    }
    state.withLock { state in
      state.sleeps.append(seconds)
      state.now = state.now.addingTimeInterval(max(0, seconds))
    }
    await Task.yield()
  }

  func advance(by seconds: TimeInterval) {
    state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
  }
}
