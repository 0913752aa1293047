import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// A read that may answer from the cache looks again when it starts a flight, and a
/// network-only read never takes the answer such a look found.
@Suite("Single flight: the second look of a network-first read")
struct FlightRecheckTests {
  /// A client whose coupons requests are counted as they reach the server, with its market
  /// cache in front of `cache`.
  static func start(_ cache: LookHoldingCache) async throws -> (OfflineHarness, HoldingTransport) {
    let counter = HoldingTransport(holding: MarketEndpoints.userCoupons)
    counter.release()
    let harness = try await OfflineHarness.start(
      transport: { counter.wrapping(SandboxTransport($0)) }, marketCache: cache)
    try await harness.login(1)
    return (harness, counter)
  }

  /// A network-first read whose first look found the cache empty and is held there, while
  /// a network-only read goes to the network and leaves a fresh answer: the held read and
  /// the other's answer.
  static func partedRead(_ market: Market, _ cache: LookHoldingCache) async throws -> (
    late: Task<Answered<[Coupon]>, any Error>, first: Answered<[Coupon]>
  ) {
    cache.holdNextLook()
    let late = Task { try await market.coupons(policy: .networkFirst) }
    try await cache.waitForHeld(1)
    return (late, try await market.coupons(policy: .networkOnly))
  }

  @Test("a network-first read that found nothing, then a fresh answer at its flight, sends nothing")
  func secondLookAnswers() async throws {
    let cache = LookHoldingCache()
    let (harness, counter) = try await Self.start(cache)
    let market = try harness.market
    let (late, first) = try await Self.partedRead(market, cache)
    #expect(first.source == .network)
    #expect(counter.arrivals == 1)
    cache.release()
    let answer = try await late.value
    #expect(answer.source == .cache, "the second look should have found the fresh answer")
    #expect(counter.arrivals == 1, "a fresh answer was there; the read sent again")
    #expect(answer.value.map(\.code) == first.value.map(\.code))
    await harness.client.shutdown()
  }

  @Test("a network-only read that joins a flight answered by that second look sends its own")
  func networkOnlyJoinsCachedFlight() async throws {
    let cache = LookHoldingCache()
    let (harness, counter) = try await Self.start(cache)
    let market = try harness.market
    let (late, _) = try await Self.partedRead(market, cache)
    // The network-first read's flight: its second look (fresh now) is held in turn.
    cache.holdNextLook()
    cache.release()
    try await cache.waitForHeld(2)
    let looks = cache.looks
    let joining = Task { try await market.coupons(policy: .networkOnly) }
    // The network-only read looks (not held) and joins the flight in flight.
    for _ in 0..<500 where cache.looks == looks {
      try await Task.sleep(for: .milliseconds(2))
    }
    try await Task.sleep(for: .milliseconds(20))
    cache.release()
    let shared = try await late.value
    let own = try await joining.value
    #expect(shared.source == .cache)
    #expect(own.source == .network, "a network-only read was answered from the cache")
    #expect(counter.arrivals == 2)
    await harness.client.shutdown()
  }
}
