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
/// - A 5xx or a timeout on a call that is not idempotent (a POST not marked so) is not
///   retried: the server may have acted on it.
/// - A refused connection is always retried: nothing reached the server.
/// - Delays grow as `baseDelay x 2^n`, capped at `maxDelay`, with `jitter` (0.1 is
///   ±10 %); a `Retry-After` header (seconds or an HTTP date) replaces the computed delay.
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

  /// Creates a policy.
  public init(maxAttempts: Int, baseDelay: TimeInterval, maxDelay: TimeInterval, jitter: Double) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = max(0, baseDelay)
    self.maxDelay = max(0, maxDelay)
    self.jitter = min(max(0, jitter), 1)
  }

  /// The policy of a network configuration.
  public init(_ configuration: NetworkConfiguration) {
    self.init(
      maxAttempts: configuration.maxRetryAttempts, baseDelay: configuration.retryBaseDelay,
      maxDelay: configuration.retryMaxDelay, jitter: configuration.retryJitter)
  }

  /// Whether a response with `status` may be retried.
  public func shouldRetry(status: Int, idempotent: Bool) -> Bool {
    switch status {
    case 408, 429: true
    case 500...599: idempotent
    default: false
    }
  }

  /// Whether a transport error may be retried.
  public func shouldRetry(error: any Error, idempotent: Bool) -> Bool {
    guard let error = error as? LoyaltyError else { return false }
    switch error.code {
    case .notConnected: return true
    case .timedOut, .transportFailed: return idempotent
    default: return false
    }
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

  /// The delay a `Retry-After` header asks for at `now`, if it is valid.
  public static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
    guard let value = value?.trimmingWhitespaces(), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value), seconds >= 0, seconds.isFinite {
      return seconds
    }
    guard let date = HTTPDate.parse(value, now: now) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
