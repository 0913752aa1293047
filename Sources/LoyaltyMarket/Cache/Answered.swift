#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A read's value with where it came from and when the server gave it, so a host can
/// print "as of 10:42" and never shows a cached value as live.
///
/// ```swift
/// let coupons = try await market.coupons(policy: .networkFirst)
/// if coupons.source == .cache {
///   showOfflineBanner(asOf: coupons.answeredAt)
/// }
/// ```
public struct Answered<Value: Sendable>: Sendable {
  /// The value.
  public let value: Value
  /// Where it came from.
  public let source: AnswerSource
  /// When the server gave the answer, on the server's clock (its `Date` header, else the
  /// SDK's estimate of its time when the answer arrived).
  public let answeredAt: Date

  /// Creates an answered value.
  public init(value: Value, source: AnswerSource, answeredAt: Date) {
    self.value = value
    self.source = source
    self.answeredAt = answeredAt
  }

  /// Whether the value was read from the device without asking the server.
  public var isFromCache: Bool { source == .cache }

  /// How old the answer is at `now` (the server's time: `network.serverClock.now`), in
  /// seconds; never negative.
  public func age(at now: Date) -> TimeInterval {
    max(0, now.timeIntervalSince(answeredAt))
  }

  /// The same answer with another value: what a call makes of what it read.
  public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows
    -> Answered<Other>
  {
    Answered<Other>(value: try transform(value), source: source, answeredAt: answeredAt)
  }
}
