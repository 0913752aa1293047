import Foundation
import LoyaltyCore
import Synchronization

/// A clock whose sleeps return at once and move its time forward, so retry and
/// cool-down tests run instantly. It records every sleep.
final class InstantClock: LoyaltyClock {
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
