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
///
/// Each retry is counted as `loyalty_retries` (dimensions `endpoint`, `reason`: the
/// retried status, `503`, or the error code's name, `timedOut`) when a metrics recorder
/// is given.
public struct RetryMiddleware: HTTPMiddleware {
  private let policy: RetryPolicy
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let cutLogged = Locked(false)
  private let metrics: (any MetricsRecorder)?

  /// Creates the middleware.
  /// - Parameters:
  ///   - policy: When and how long to wait before sending again.
  ///   - clock: The clock delays and the deadline are measured on.
  ///   - logger: Where retries are logged.
  ///   - metrics: Where each retry is counted; `nil` counts none.
  public init(
    policy: RetryPolicy, clock: any LoyaltyClock, logger: LoyaltyLogger,
    metrics: (any MetricsRecorder)? = nil
  ) {
    self.policy = policy
    self.clock = clock
    self.logger = logger
    self.metrics = metrics
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
        if let metrics {
          countRetry(context.endpoint, reason: String(response.status), in: metrics)
        }
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
        if let metrics {
          countRetry(context.endpoint, reason: LoyaltyMetric.Outcome.failure(error), in: metrics)
        }
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

  private func countRetry(_ endpoint: String, reason: String, in metrics: any MetricsRecorder) {
    metrics.record(
      .counter(
        LoyaltyMetric.Name.retries,
        dimensions: [
          .init(LoyaltyMetric.DimensionKey.endpoint, endpoint),
          .init(LoyaltyMetric.DimensionKey.reason, reason),
        ]))
  }

  private func fits(_ delay: TimeInterval, before deadline: Date) -> Bool {
    clock.now.addingTimeInterval(delay) < deadline
  }
}
