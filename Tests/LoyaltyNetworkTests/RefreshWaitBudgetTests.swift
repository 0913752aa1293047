import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// A call that waits for the shared refresh: when the time it has left is within a second
/// of the refresh's own budget, it waits for the refresh (which keeps that budget);
/// otherwise it stops waiting at its own deadline, unsent.
@Suite("A call's wait for the shared refresh at the refresh's budget")
struct RefreshWaitBudgetTests {
  /// The refresh's budget; binary fractions, so that `left + 1` is exact.
  static let budget = 1.25
  /// How long the refresh takes, in real time: longer than either call's time left.
  static let refreshTakes = 0.75

  /// Sends one bearer call whose deadline is `left` seconds away on the coordinator's
  /// clock, with an expired token, so the call must wait for a refresh.
  static func send(left: TimeInterval) async throws {
    let stale = ServerClockBoundTests.pair(exp: ServerClockBoundTests.second)
    let fresh = ServerClockBoundTests.pair(exp: ServerClockBoundTests.second + 3_600)
    let clock = ManualClock()
    let coordinator = RefreshCoordinator(
      store: InMemoryTokenStore(stale), clock: clock,
      configuration: TokenConfiguration(maxRetryAttempts: 1, retryDelays: [0], refreshTimeout: 1),
      refreshBudget: budget, events: nil, logger: .disabled,
      refresher: { _ in
        try? await Task.sleep(for: .seconds(refreshTakes))
        return .refreshed(fresh)
      })
    let middleware = AuthorizationMiddleware(coordinator: coordinator)
    let sent = Locked<String?>(nil)
    let context = RequestContext(
      endpoint: "coupons", auth: .bearer, isIdempotent: true,
      deadline: clock.now.addingTimeInterval(left))
    let url = try #require(URL(string: "http://127.0.0.1/coupons"))
    let request = HTTPRequest(method: .get, url: url)
    _ = try await middleware.intercept(request, context: context) { request in
      sent.withLock { $0 = request.headers["Authorization"] }
      return HTTPResponse(status: 200, body: Data())
    }
    #expect(sent.withLock { $0 } == "Bearer \(fresh.accessToken)")
  }

  @Test("a call with exactly a second less than the budget left waits for the refresh")
  func atTheBudget() async throws {
    try await Self.send(left: Self.budget - 1)
  }

  @Test("a call with less left stops waiting at its deadline, unsent")
  func belowTheBudget() async throws {
    let error = await #expect(throws: LoyaltyError.self) {
      try await Self.send(left: Self.budget - 1.125)
    }
    #expect(error?.code == .timedOut)
    #expect(error?.metadata[LoyaltyError.requestSentKey] == "false")
  }
}
