import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// The retry middleware's limits: a retry whose wait would end exactly at the call's
/// deadline is not sent, one that ends a millisecond before it is; an error that is not
/// the SDK's is never retried.
@Suite("Retries at their limits")
struct RetryLimitTests {
  /// Retries at once (no delay, no jitter), up to three attempts.
  static let policy = RetryPolicy(
    maxAttempts: 3, baseDelay: 0, maxDelay: 0, jitter: 0, maxRetryAfter: 300)

  struct HostError: Error {}

  @Test(
    "a retry is sent only when its wait ends before the deadline",
    arguments: [(0.0, 1), (0.001, 2)])
  func deadline(margin: TimeInterval, attempts: Int) async throws {
    let clock = ManualClock()
    let middleware = RetryMiddleware(policy: Self.policy, clock: clock, logger: .disabled)
    let context = RequestContext(
      endpoint: "limit", auth: .standard, isIdempotent: true,
      deadline: clock.now.addingTimeInterval(margin))
    let sent = Locked(0)
    let request = HTTPRequest(method: .get, url: try #require(URL(string: "http://127.0.0.1/")))
    let response = try await middleware.intercept(request, context: context) { _ in
      let count = sent.withLock { count in
        count += 1
        return count
      }
      return HTTPResponse(status: count == 1 ? 503 : 200)
    }
    #expect(sent.withLock { $0 } == attempts)
    #expect(response.status == (attempts == 1 ? 503 : 200))
  }

  @Test("an error that is not a LoyaltyError is never retried, idempotent or not")
  func foreignError() {
    #expect(!Self.policy.shouldRetry(error: HostError(), idempotent: true))
    #expect(!Self.policy.shouldRetry(error: HostError(), idempotent: false))
  }
}
