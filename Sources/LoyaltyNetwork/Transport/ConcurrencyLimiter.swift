import Dispatch
import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A counting semaphore for tasks: at most `limit` holders at once, waiters served in
/// arrival order, a cancelled waiter removed from the queue, and a waiter whose time ran
/// out removed with an error.
final class ConcurrencyLimiter: Sendable {
  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var available: Int
    var nextID: UInt64 = 0
    var waiters: [Waiter] = []
    var inFlight = 0
    var maximumInFlight = 0
  }

  private let state: Locked<State>

  init(limit: Int) {
    state = Locked(State(available: max(1, limit)))
  }

  /// The most holders there have been at once.
  var maximumInFlight: Int { state.withLock { $0.maximumInFlight } }

  /// How many callers wait for a permit now.
  var waiting: Int { state.withLock { $0.waiters.count } }

  /// Takes one permit, waiting for it in arrival order, for at most `timeout` seconds of
  /// real time; pair with ``release()``.
  /// - Returns: How long it waited, in seconds: 0 when a permit was free.
  /// - Throws: `CancellationError` when the task is cancelled; `timeoutError` when the
  ///   time ran out first.
  @discardableResult
  func acquire(
    timeout: TimeInterval = .infinity,
    timeoutError: @autoclosure @escaping @Sendable () -> any Error = CancellationError()
  ) async throws -> TimeInterval {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64? in
      if state.available > 0 {
        state.available -= 1
        state.inFlight += 1
        state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
        return nil
      }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return 0 }
    let start = DispatchTime.now().uptimeNanoseconds
    var timer: DispatchWorkItem?
    if timeout.isFinite {
      let item = DispatchWorkItem { [state] in
        let waiter = state.withLock { state -> Waiter? in
          guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
          return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: timeoutError())
      }
      timer = item
      DispatchQueue.global().asyncAfter(deadline: .now() + max(0, timeout), execute: item)
    }
    defer { timer?.cancel() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = state.withLock { state -> Bool in
          if Task.isCancelled { return true }
          state.waiters.append(Waiter(id: id, continuation: continuation))
          return false
        }
        if cancelled {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Gives back a permit taken with ``acquire(timeout:timeoutError:)``.
  func release() {
    let next = state.withLock { state -> Waiter? in
      if state.waiters.isEmpty {
        state.available += 1
        state.inFlight -= 1
        return nil
      }
      // The permit passes straight to the first waiter: in flight stays the same.
      return state.waiters.removeFirst()
    }
    next?.continuation.resume()
  }
}
