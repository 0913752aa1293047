#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A clock that moves only when told to, for tests.
///
/// Tasks sleeping on it resume when ``advance(by:)`` moves ``now`` past their
/// deadline, in deadline order. ``advance(by:)`` moves ``now`` and ``monotonicTime``
/// together: its wall clock never jumps.
public final class ManualClock: LoyaltyClock {
  private struct Sleeper {
    let id: UInt64
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Date
    var monotonicTime: TimeInterval = 0
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
  }

  private let state: Locked<State>

  /// Creates a clock that starts at `start`.
  public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    state = Locked(State(now: start))
  }

  public var now: Date { state.withLock { $0.now } }

  /// Seconds advanced since the clock was made.
  public var monotonicTime: TimeInterval { state.withLock { $0.monotonicTime } }

  /// The number of tasks currently sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  public func sleep(for seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    guard seconds > 0 else { return }
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = state.withLock { state -> Bool in
          if Task.isCancelled { return true }
          state.sleepers.append(
            Sleeper(
              id: id, deadline: state.now.addingTimeInterval(seconds), continuation: continuation))
          return false
        }
        if resumeNow {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has passed.
  public func advance(by seconds: TimeInterval) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.addingTimeInterval(max(0, seconds))
      state.monotonicTime += max(0, seconds)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.stablySorted {
        $0.deadline < $1.deadline
      }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due {
      sleeper.continuation.resume()
    }
  }
}
