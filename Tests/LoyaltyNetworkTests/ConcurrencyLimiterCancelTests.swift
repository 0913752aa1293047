import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyNetwork

/// Cancelling one caller that waits for a connection slot cancels that caller only: the
/// others keep their place, and the next free slot goes to the first of them.
@Suite("Connection slots: a cancelled waiter")
struct ConcurrencyLimiterCancelTests {
  /// Yields until `limiter` has `count` callers waiting, or gives up.
  static func waitUntil(_ limiter: ConcurrencyLimiter, waiting count: Int) async throws {
    for _ in 0..<100_000 where limiter.waiting < count {
      await Task.yield()
    }
    try #require(limiter.waiting == count)
  }

  @Test("the cancelled waiter throws; the one before it gets the next slot")
  func cancelOne() async throws {
    let limiter = ConcurrencyLimiter(limit: 1)
    try await limiter.acquire()
    let first = Task { try await limiter.acquire() }
    try await Self.waitUntil(limiter, waiting: 1)
    let second = Task { try await limiter.acquire() }
    try await Self.waitUntil(limiter, waiting: 2)

    second.cancel()
    limiter.release()
    _ = try await first.value
    await #expect(throws: CancellationError.self) { try await second.value }
    #expect(limiter.waiting == 0)
    limiter.release()
  }
}
