import Dispatch
import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The races below are not specialised: they run once per call, and a copy of each (and of
// its async parts and its `TimeoutRace`) per result type cost more binary than the
// metadata a generic call passes.

/// Runs `operation`, failing with `error` if it has not finished within `seconds` on
/// `clock`.
///
/// The caller gets its answer as soon as the operation finishes or the time runs out,
/// whichever comes first, even when the operation ignores cancellation (a host's token
/// provider, say): the operation runs in a task of its own, which is cancelled when the
/// time runs out and left to finish on its own. Cancelling the caller cancels both and
/// throws `CancellationError` at once.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func withTimeout<T: Sendable>(
  _ seconds: TimeInterval,
  clock: any LoyaltyClock,
  error: @autoclosure @escaping @Sendable () -> LoyaltyError,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await race(operation) { race, work in
    let timer = Task {
      do {
        try await clock.sleep(for: seconds)
      } catch {
        return  // Cancelled: the operation finished first, or the caller was cancelled.
      }
      race.finish(.failure(error()))
    }
    race.track([work, timer])
  }
}

/// Runs `operation`, failing with `error` if it has not finished within `seconds` of
/// real (monotonic) time, whatever the client's ``LoyaltyCore/LoyaltyClock`` says.
///
/// For deadlines that bound real input and output (a transport call, a wait for a
/// connection slot or for a shared refresh): a test clock that skips its sleeps must not
/// end them early. The caller gets its answer on time even when the operation ignores
/// cancellation; the operation's task is cancelled when the time runs out, and when the
/// caller is cancelled (which throws `CancellationError` at once).
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func withDeadline<T: Sendable>(
  _ seconds: TimeInterval,
  error: @autoclosure @escaping @Sendable () -> LoyaltyError,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await race(operation) { race, work in
    let timer = DispatchWorkItem { race.finish(.failure(error())) }
    race.track([work], timer: timer)
    DispatchQueue.global().asyncAfter(
      deadline: .now() + max(0, seconds.isFinite ? seconds : 86_400), execute: timer)
  }
}

/// Runs `operation` in a task of its own and returns its outcome, or the outcome a timer
/// that `arm` starts (with the race and the operation's task) gives first; cancelling the
/// caller throws `CancellationError` at once.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func race<T: Sendable>(
  _ operation: @escaping @Sendable () async throws -> T,
  arm: (TimeoutRace<T>, Task<Void, Never>) -> Void
) async throws -> T {
  let race = TimeoutRace<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      guard race.install(continuation) else { return }
      let work = Task {
        do {
          race.finish(.success(try await operation()))
        } catch {
          race.finish(.failure(error))
        }
      }
      arm(race, work)
    }
  } onCancel: {
    race.finish(.failure(CancellationError()))
  }
}

/// The first outcome of an operation racing its timeout: it resumes the caller once and
/// cancels the tasks still running.
private final class TimeoutRace<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var outcome: Result<T, any Error>?
    var tasks: [Task<Void, Never>] = []
    var timer: DispatchWorkItem?
  }

  private let state = Locked(State())

  /// Keeps the caller's continuation; resumes it at once, and returns `false`, when the
  /// race is already over (the caller was cancelled before it started).
  func install(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
    let outcome = state.withLock { state -> Result<T, any Error>? in
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    guard let outcome else { return true }
    continuation.resume(with: outcome)
    return false
  }

  /// Remembers the racing tasks, to cancel them when the race ends; cancels them now if
  /// it already has.
  func track(_ tasks: [Task<Void, Never>], timer: DispatchWorkItem? = nil) {
    let isOver = state.withLock { state -> Bool in
      if state.outcome != nil { return true }
      state.tasks = tasks
      state.timer = timer
      return false
    }
    if isOver {
      tasks.forEach { $0.cancel() }
      timer?.cancel()
    }
  }

  /// Ends the race with `outcome` unless it has already ended.
  func finish(_ outcome: Result<T, any Error>) {
    let (continuation, tasks, timer) = state.withLock {
      state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>], DispatchWorkItem?) in
      guard state.outcome == nil else { return (nil, [], nil) }
      state.outcome = outcome
      defer {
        state.continuation = nil
        state.tasks = []
        state.timer = nil
      }
      return (state.continuation, state.tasks, state.timer)
    }
    tasks.forEach { $0.cancel() }
    timer?.cancel()
    continuation?.resume(with: outcome)
  }
}
