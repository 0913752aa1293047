import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// The network's rules of money and time at exactly their limits, one before and one
/// after: a comparison turned from `>=` into `>` (or `<` into `<=`) fails here.
@Suite("Network rules at their limits")
struct RuleBoundaryTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let millisecond: TimeInterval = 0.001

  /// A breaker opened at `start` with a cool-down of 60 s.
  static func openBreaker() -> CircuitBreaker {
    var breaker = CircuitBreaker(threshold: 2, coolDown: 60)
    breaker.recordFailure(at: start)
    breaker.recordFailure(at: start)
    return breaker
  }

  @Test("the breaker refuses one millisecond before the cool-down's end")
  func breakerBeforeEnd() {
    var breaker = Self.openBreaker()
    let before = Self.start.addingTimeInterval(60 - Self.millisecond)
    #expect(breaker.isOpen(at: before))
    #expect(throws: LoyaltyError.self) { try breaker.permit(at: before) }
  }

  @Test("the breaker lets a trial through at exactly the cool-down's end, and only one")
  func breakerAtEnd() throws {
    var breaker = Self.openBreaker()
    let end = Self.start.addingTimeInterval(60)
    #expect(!breaker.isOpen(at: end))
    try breaker.permit(at: end)
    #expect(throws: LoyaltyError.self) { try breaker.permit(at: end) }
  }

  @Test("the breaker lets a trial through one millisecond after the cool-down's end")
  func breakerAfterEnd() throws {
    var breaker = Self.openBreaker()
    let after = Self.start.addingTimeInterval(60 + Self.millisecond)
    #expect(!breaker.isOpen(at: after))
    try breaker.permit(at: after)
  }

  @Test("the breaker opens at exactly its threshold of failures, not one before")
  func breakerThreshold() {
    var breaker = CircuitBreaker(threshold: 2, coolDown: 60)
    let first = breaker.recordFailure(at: Self.start)
    #expect(!first)
    #expect(!breaker.isOpen(at: Self.start))
    let second = breaker.recordFailure(at: Self.start)
    #expect(second)
    #expect(breaker.isOpen(at: Self.start))
  }

  /// A token that expires 300 s after `start`.
  static let token = SessionToken(
    TokenPair(accessToken: SessionTokenTests.jwt(#"{"exp": 1800000300}"#), refreshToken: "r"))

  @Test(
    "the proactive refresh starts at exactly its threshold before expiry",
    arguments: [
      (-millisecond, false), (0, true), (millisecond, true),
    ])
  func refreshThreshold(offset: TimeInterval, refreshes: Bool) {
    // 120 s before expiry, with a threshold of 120 s plus the offset.
    let now = Self.start.addingTimeInterval(180)
    #expect(Self.token.shouldRefresh(at: now, threshold: 120 + offset) == refreshes)
  }

  @Test("the token is expired at exactly its exp, not one millisecond before")
  func expiry() {
    let end = Self.start.addingTimeInterval(300)
    #expect(!Self.token.isExpired(at: end.addingTimeInterval(-Self.millisecond)))
    #expect(Self.token.isExpired(at: end))
    #expect(Self.token.isExpired(at: end.addingTimeInterval(Self.millisecond)))
  }

  @Test(
    "Retry-After: 0 asks for no wait (it is not absent); a hair below 0 is ignored",
    arguments: [("0", 0.0), ("0.0", 0.0), ("0.001", 0.001), ("1", 1.0)])
  func retryAfterZero(value: String, delay: TimeInterval) {
    #expect(RetryPolicy.requestedRetryAfter(value, now: Self.start) == delay)
  }

  @Test("a Retry-After below zero, by any amount, is ignored", arguments: ["-0.001", "-1"])
  func retryAfterNegative(value: String) {
    #expect(RetryPolicy.requestedRetryAfter(value, now: Self.start) == nil)
  }
}
