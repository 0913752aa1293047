public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Retries failed attempts by ``RetryPolicy``, within the call's deadline.
public struct RetryMiddleware: HTTPMiddleware {
  private let policy: RetryPolicy
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger

  /// Creates the middleware.
  public init(policy: RetryPolicy, clock: any LoyaltyClock, logger: LoyaltyLogger) {
    self.policy = policy
    self.clock = clock
    self.logger = logger
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    guard context.allowsRetries else { return try await next(request) }
    var attempt = 1
    while true {
      let delay: TimeInterval
      do {
        let response = try await next(request)
        guard attempt < policy.maxAttempts,
          policy.shouldRetry(status: response.status, idempotent: context.isIdempotent)
        else {
          return response
        }
        delay =
          RetryPolicy.retryAfter(response.headers["Retry-After"], now: clock.now)
          ?? policy.delay(forRetry: attempt)
        guard fits(delay, before: context.deadline) else {
          logger.debug("Not retrying \(context.endpoint): the deadline is too close.")
          return response
        }
        logger.info(
          "\(context.endpoint) answered \(response.status); retrying in "
            + String(cFormat: "%.2f", delay) + " s.")
      } catch {
        guard attempt < policy.maxAttempts,
          policy.shouldRetry(error: error, idempotent: context.isIdempotent)
        else {
          throw error
        }
        delay = policy.delay(forRetry: attempt)
        guard fits(delay, before: context.deadline) else {
          throw error
        }
        logger.info(
          "\(context.endpoint) failed (\(error)); retrying in " + String(cFormat: "%.2f", delay)
            + " s.")
      }
      try await clock.sleep(for: delay)
      attempt += 1
    }
  }

  private func fits(_ delay: TimeInterval, before deadline: Date) -> Bool {
    clock.now.addingTimeInterval(delay) < deadline
  }
}
