import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// A shared refresh's budget at its limit: a retry that would end exactly at the budget
/// is made, one that would end a millisecond past it is not.
@Suite("The refresh budget at its limit")
struct RefreshBudgetLimitTests {
  /// Two attempts, no delay between them, each allowed 10 s.
  static let configuration = TokenConfiguration(
    maxRetryAttempts: 2, retryDelays: [0, 0], refreshTimeout: 10)

  @Test(
    "the second attempt is made when it ends exactly at the budget, not when past it",
    arguments: [(10.0, true), (9.999, false)])
  func budget(budget: Double, refreshed: Bool) async throws {
    let stale = ServerClockBoundTests.pair(exp: ServerClockBoundTests.second)
    let fresh = ServerClockBoundTests.pair(exp: ServerClockBoundTests.second + 3_600)
    let calls = Locked(0)
    let coordinator = RefreshCoordinator(
      store: InMemoryTokenStore(stale), clock: ManualClock(), configuration: Self.configuration,
      refreshBudget: budget, events: nil, logger: .disabled,
      refresher: { _ in
        let call = calls.withLock { count in
          count += 1
          return count
        }
        return call == 1
          ? .transient(LoyaltyError(.timedOut, "The first attempt timed out.")) : .refreshed(fresh)
      })
    if refreshed {
      #expect(try await coordinator.refresh(replacing: stale.accessToken) == fresh)
      #expect(calls.withLock { $0 } == 2)
    } else {
      await #expect(throws: LoyaltyError.self) {
        try await coordinator.refresh(replacing: stale.accessToken)
      }
      #expect(calls.withLock { $0 } == 1)
    }
  }
}
