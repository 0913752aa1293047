import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyNetwork

/// The race of an operation against its deadline at its edges: a caller cancelled before
/// it starts runs nothing (a request is never sent for a caller that has gone), and an
/// operation that wins before its timer is even tracked leaves no timer behind.
@Suite("The deadline race at its edges")
struct TimeoutRaceTests {
  @Test("an operation whose caller was cancelled first never runs")
  func cancelledFirst() async throws {
    let ran = Locked(false)
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await withDeadline(5, error: LoyaltyError(.timedOut, "Too slow.")) {
        ran.withLock { $0 = true }
      }
    }
    await #expect(throws: CancellationError.self) { try await caller.value }
    // An operation started by mistake runs at once in a task of its own; waiting a while
    // gives it the time to show. (On a loaded machine it may show later: this can miss
    // the fault then, never report one that is not there.)
    try await Task.sleep(nanoseconds: 100_000_000)
    #expect(!ran.withLock { $0 })
  }

  @Test("an operation that finishes first leaves no timer sleeping, however early it won")
  func noTimerLeft() async throws {
    let clock = ManualClock()
    // Some of these finish before their timer is tracked, some after: every timer must be
    // cancelled either way.
    for value in 0..<200 {
      let answer = try await withTimeout(
        60, clock: clock, error: LoyaltyError(.timedOut, "Too slow.")
      ) { value }
      #expect(answer == value)
    }
    #expect(clock.sleeperCount == 0)
  }
}
