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

/// How the analytics pipeline batches, flushes and gives up.
public struct AnalyticsConfiguration: Sendable, Hashable, Codable {
  /// Flush once this many events have been tracked since the last flush.
  public var flushAt: Int
  /// Flush this often, in seconds; 0 turns the timer off.
  public var flushInterval: TimeInterval
  /// The most events in one batch.
  public var maxBatchCount: Int
  /// The most bytes of JSON in one batch, before compression.
  public var maxBatchBytes: Int
  /// The most events kept; beyond it the oldest are dropped and counted.
  public var queueCapacity: Int
  /// Upload attempts after which an event is dropped (and reported).
  public var maxAttempts: Int
  /// Age after which an event is dropped (and reported), in seconds.
  public var maxAge: TimeInterval
  /// The first backoff after a failed upload, in seconds; it doubles each time.
  public var backoffBase: TimeInterval
  /// The longest backoff, in seconds.
  public var backoffCap: TimeInterval
  /// The random share of each backoff (0.1 is ±10 %).
  public var backoffJitter: Double
  /// The longest a server's `Retry-After` may pause uploads, in seconds: a larger value
  /// (years, a date in 9999, `1e300`) is cut to this and logged once. 300 s by default
  /// (chosen here, the backoff's own cap); between 0 and 3600. The pause lives in memory
  /// only, so it never outlasts the process either.
  public var maxRetryAfter: TimeInterval

  /// Creates a configuration; the defaults are the platform's.
  public init(
    flushAt: Int = 20,
    flushInterval: TimeInterval = 30,
    maxBatchCount: Int = 100,
    maxBatchBytes: Int = 475_000,
    queueCapacity: Int = 10_000,
    maxAttempts: Int = 100,
    maxAge: TimeInterval = 12 * 3_600,
    backoffBase: TimeInterval = 0.5,
    backoffCap: TimeInterval = 300,
    backoffJitter: Double = 0.1,
    maxRetryAfter: TimeInterval = 300
  ) {
    self.flushAt = max(1, flushAt)
    self.flushInterval = max(0, flushInterval)
    self.maxBatchCount = max(1, maxBatchCount)
    self.maxBatchBytes = max(1_024, maxBatchBytes)
    self.queueCapacity = max(1, queueCapacity)
    self.maxAttempts = max(1, maxAttempts)
    self.maxAge = max(1, maxAge)
    self.backoffBase = max(0, backoffBase)
    self.backoffCap = max(self.backoffBase, backoffCap)
    self.backoffJitter = min(max(0, backoffJitter), 1)
    self.maxRetryAfter = maxRetryAfter.isNaN ? 300 : min(max(0, maxRetryAfter), 3_600)
  }

  private enum CodingKeys: String, CodingKey {
    case flushAt, flushInterval, maxBatchCount, maxBatchBytes, queueCapacity, maxAttempts
    case maxAge, backoffBase, backoffCap, backoffJitter, maxRetryAfter
  }

  /// Decodes a configuration; missing fields take their defaults, and every value is
  /// brought into range as ``init(flushAt:flushInterval:maxBatchCount:maxBatchBytes:queueCapacity:maxAttempts:maxAge:backoffBase:backoffCap:backoffJitter:maxRetryAfter:)``
  /// does.
  public init(from decoder: any Decoder) throws {
    let defaults = AnalyticsConfiguration()
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
      try container.decodeIfPresent(T.self, forKey: key) ?? fallback
    }
    self.init(
      flushAt: try value(.flushAt, defaults.flushAt),
      flushInterval: try value(.flushInterval, defaults.flushInterval),
      maxBatchCount: try value(.maxBatchCount, defaults.maxBatchCount),
      maxBatchBytes: try value(.maxBatchBytes, defaults.maxBatchBytes),
      queueCapacity: try value(.queueCapacity, defaults.queueCapacity),
      maxAttempts: try value(.maxAttempts, defaults.maxAttempts),
      maxAge: try value(.maxAge, defaults.maxAge),
      backoffBase: try value(.backoffBase, defaults.backoffBase),
      backoffCap: try value(.backoffCap, defaults.backoffCap),
      backoffJitter: try value(.backoffJitter, defaults.backoffJitter),
      maxRetryAfter: try value(.maxRetryAfter, defaults.maxRetryAfter))
  }

  /// How long to pause uploads for a server that asked for `requested` seconds
  /// (`Retry-After`): cut to ``maxRetryAfter``, never negative, and the backoff when the
  /// value is not a number.
  public func pause(forRetryAfter requested: TimeInterval, failures: Int) -> TimeInterval {
    guard !requested.isNaN else { return backoff(afterFailures: failures) }
    let bound = maxRetryAfter.isNaN ? 300 : min(max(0, maxRetryAfter), 3_600)
    return min(max(0, requested), bound)
  }

  /// The backoff after `failures` consecutive failed uploads, jittered. Values set
  /// out of range after creation are clamped here: never negative, never NaN.
  public func backoff(afterFailures failures: Int) -> TimeInterval {
    let base = backoffBase.isNaN ? 0 : max(0, backoffBase)
    let cap = backoffCap.isNaN ? base : max(0, backoffCap)
    guard base > 0 else { return 0 }
    let delay = min(cap, base * pow(2, Double(max(0, failures - 1))))
    let jitter = backoffJitter.isNaN ? 0 : min(max(0, backoffJitter), 1)
    guard jitter > 0, delay > 0, delay.isFinite else { return delay }
    return delay * Double.random(in: (1 - jitter)...(1 + jitter))
  }
}
