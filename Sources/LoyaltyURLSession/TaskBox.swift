import Foundation
import LoyaltyCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Holds a data task so a cancellation arriving before or after it starts still
/// cancels it.
///
/// `URLSessionDataTask` is not `Sendable` on every platform; it is only touched inside
/// the mutex here, and `resume`/`cancel` are thread-safe on URLSession tasks.
// Safe to share: the task is touched only inside the mutex, and resume/cancel are thread-safe.
final class TaskBox: @unchecked Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var cancelled = false
  }

  private let state = Locked(State())

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state -> Bool in
      state.task = task
      return state.cancelled
    }
    if cancelled {
      task.cancel()
    } else {
      task.resume()
    }
  }

  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      state.cancelled = true
      return state.task
    }
    task?.cancel()
  }
}
