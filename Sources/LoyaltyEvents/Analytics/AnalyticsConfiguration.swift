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
    backoffJitter: Double = 0.1
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
  }

  /// The backoff after `failures` consecutive failed uploads, jittered.
  public func backoff(afterFailures failures: Int) -> TimeInterval {
    let delay = min(backoffCap, backoffBase * pow(2, Double(max(0, failures - 1))))
    guard backoffJitter > 0, delay > 0 else { return delay }
    return delay * Double.random(in: (1 - backoffJitter)...(1 + backoffJitter))
  }
}
