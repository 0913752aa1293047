public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Retries failed attempts by ``RetryPolicy``, within the call's deadline.
///
/// A `Retry-After` longer than the policy's `maxRetryAfter` is cut to it; the first cut
/// is logged as a warning, later ones at debug level.
public struct RetryMiddleware: HTTPMiddleware {
  private let policy: RetryPolicy
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let cutLogged = Locked(false)

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
        delay = retryAfter(response, endpoint: context.endpoint) ?? policy.delay(forRetry: attempt)
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

  /// The delay the response's `Retry-After` asks for, cut to the policy's maximum.
  private func retryAfter(_ response: HTTPResponse, endpoint: String) -> TimeInterval? {
    guard let header = response.headers["Retry-After"],
      let (delay, wasCut) = policy.retryAfter(header, now: clock.now)
    else { return nil }
    if wasCut {
      let first = cutLogged.withLock { logged in
        defer { logged = true }
        return !logged
      }
      logger.log(
        first ? .warning : .debug,
        "\(endpoint) asked to wait \(header.prefix(64)) (Retry-After); waiting at most "
          + "\(Int(policy.maxRetryAfter)) s (network.maxRetryAfter).")
    }
    return delay
  }

  private func fits(_ delay: TimeInterval, before deadline: Date) -> Bool {
    clock.now.addingTimeInterval(delay) < deadline
  }
}
