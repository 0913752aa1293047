public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// When and how long to wait before sending a request again.
///
/// - 408, 429 and 5xx responses are retried; every other 4xx never is.
/// - A 5xx, or a transport error after which the request may have reached the server
///   (``LoyaltyCore/LoyaltyError/mayHaveReachedServer``: a connection lost or reset after
///   sending, a timeout, a failed transfer), is retried only for an idempotent call: the
///   server may have acted on it.
/// - A refused connection (nothing was sent) is always retried.
/// - Delays grow as `baseDelay x 2^n`, capped at `maxDelay`, with `jitter` (0.1 is
///   ±10 %); a `Retry-After` header (seconds or an HTTP date) replaces the computed delay,
///   cut to `maxRetryAfter`.
/// - No wait goes past the call's deadline.
public struct RetryPolicy: Sendable, Equatable {
  /// Attempts in total, the first included.
  public var maxAttempts: Int
  /// The first retry's delay, in seconds.
  public var baseDelay: TimeInterval
  /// The longest computed delay, in seconds.
  public var maxDelay: TimeInterval
  /// The random share of each delay.
  public var jitter: Double
  /// The longest delay a `Retry-After` header may ask for, in seconds.
  public var maxRetryAfter: TimeInterval

  /// Creates a policy.
  public init(
    maxAttempts: Int, baseDelay: TimeInterval, maxDelay: TimeInterval, jitter: Double,
    maxRetryAfter: TimeInterval = NetworkConfiguration.defaultMaxRetryAfter
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = max(0, baseDelay)
    self.maxDelay = max(0, maxDelay)
    self.jitter = min(max(0, jitter), 1)
    self.maxRetryAfter = maxRetryAfter.isNaN ? 0 : max(0, maxRetryAfter)
  }

  /// The policy of a network configuration.
  public init(_ configuration: NetworkConfiguration) {
    self.init(
      maxAttempts: configuration.maxRetryAttempts, baseDelay: configuration.retryBaseDelay,
      maxDelay: configuration.retryMaxDelay, jitter: configuration.retryJitter,
      maxRetryAfter: configuration.maxRetryAfter)
  }

  /// Whether a response with `status` may be retried: a transient status
  /// (``LoyaltyCore/LoyaltyError/isTransient(status:)``), a 5xx only for an idempotent call
  /// (the server may have acted on it before it failed).
  public func shouldRetry(status: Int, idempotent: Bool) -> Bool {
    LoyaltyError.isTransient(status: status) && (status < 500 || idempotent)
  }

  /// Whether a transport error may be retried: a transient failure of the network
  /// (``LoyaltyCore/LoyaltyError/isTransient``), "nothing was sent" always, "the request
  /// may have reached the server" only for an idempotent call.
  public func shouldRetry(error: any Error, idempotent: Bool) -> Bool {
    guard let error = error as? LoyaltyError, error.isTransient, error.category == .network
    else { return false }
    return idempotent || !error.mayHaveReachedServer
  }

  /// The delay before retry number `retry` (1 for the first retry), without jitter.
  /// Values set out of range after creation are clamped: never negative, never NaN.
  public func baseDelay(forRetry retry: Int) -> TimeInterval {
    let base = baseDelay.isNaN ? 0 : max(0, baseDelay)
    guard base > 0 else { return 0 }
    let longest = maxDelay.isNaN ? base : max(0, maxDelay)
    let exponent = Double(max(0, retry - 1))
    return min(longest, base * pow(2, exponent))
  }

  /// The delay before retry number `retry`, with jitter applied.
  public func delay(forRetry retry: Int) -> TimeInterval {
    let delay = baseDelay(forRetry: retry)
    let jitter = jitter.isNaN ? 0 : min(max(0, jitter), 1)
    guard jitter > 0, delay > 0, delay.isFinite else { return delay }
    return delay * Double.random(in: (1 - jitter)...(1 + jitter))
  }

  /// The delay a `Retry-After` header asks for at `now`, cut to ``maxRetryAfter``, and
  /// whether it had to be cut; `nil` when the header is absent or unreadable.
  public func retryAfter(_ value: String?, now: Date) -> (delay: TimeInterval, wasCut: Bool)? {
    guard let requested = Self.requestedRetryAfter(value, now: now) else { return nil }
    return requested > maxRetryAfter ? (maxRetryAfter, true) : (requested, false)
  }

  /// The delay a `Retry-After` header asks for at `now`, cut to `maximum` (one hour by
  /// default); `nil` when the header is absent or unreadable.
  public static func retryAfter(
    _ value: String?, now: Date, maximum: TimeInterval = 3_600
  ) -> TimeInterval? {
    requestedRetryAfter(value, now: now).map { min($0, max(0, maximum)) }
  }

  /// The delay a `Retry-After` header asks for at `now`, as the server wrote it: seconds
  /// (`120`, `1e300`, even `inf`) or an HTTP date (one in 9999 included, a past one 0);
  /// `nil` when the header is absent, negative, `NaN` or unreadable. Unbounded: cut it before
  /// waiting.
  public static func requestedRetryAfter(_ value: String?, now: Date) -> TimeInterval? {
    guard let value = value?.trimmingWhitespaces(), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value) {
      return seconds.isNaN || seconds < 0 ? nil : seconds
    }
    guard let date = HTTPDate.parse(value, now: now) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
