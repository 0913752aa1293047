import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// Identical reads in flight share one request whatever their policies, and a
/// network-only read is never answered from the cache by the one it shares.
@Suite("Single flight across read policies")
struct SingleFlightPolicyTests {
  /// The policies that send a request when the cached answer is not fresh (the cache only
  /// never sends).
  static let sending: [ReadPolicy] = [.networkOnly, .networkFirst, .staleWhileRevalidate]

  @Test("two identical reads in flight send one request", arguments: sending, sending)
  func shared(first: ReadPolicy, second: ReadPolicy) async throws {
    // The coupons are cached and never fresh: every policy here goes to the network.
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons, armed: false)
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 0]),
      transport: { holder.wrapping(SandboxTransport($0)) })
    try await harness.login(1)
    let market = try harness.market
    _ = try await market.coupons()
    holder.arm()
    let one = Task { try await market.coupons(policy: first) }
    try await holder.waitForHeld()
    let two = Task { try await market.coupons(policy: second) }
    // The second read joins the held flight, or sends a request of its own: given a
    // second, it would have.
    for _ in 0..<100 where holder.arrivals < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    holder.release()
    let answers = [(first, try await one.value), (second, try await two.value)]
    await market.waitForRevalidations()
    #expect(holder.arrivals == 1, "\(first) beside \(second) sent \(holder.arrivals) requests")
    for (policy, answer) in answers where policy == .networkOnly {
      #expect(answer.source != .cache, "a network-only read was answered from the cache")
    }
    await harness.client.shutdown()
  }

  @Test("two network-only reads beside a fresh cached answer share one request")
  func networkOnlyBesideFresh() async throws {
    // Fresh: a network-only read's flight must not take it, or the read would send on its
    // own, outside the flight, and the next read another request beside it.
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons, armed: false)
    let harness = try await OfflineHarness.start(
      transport: { holder.wrapping(SandboxTransport($0)) })
    try await harness.login(1)
    let market = try harness.market
    _ = try await market.coupons()
    holder.arm()
    let one = Task { try await market.coupons(policy: .networkOnly) }
    try await holder.waitForHeld()
    let two = Task { try await market.coupons(policy: .networkOnly) }
    for _ in 0..<100 where holder.arrivals < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    holder.release()
    let answers = [try await one.value, try await two.value]
    #expect(holder.arrivals == 1, "two network-only reads sent \(holder.arrivals) requests")
    #expect(answers.allSatisfy { $0.source != .cache })
    await harness.client.shutdown()
  }
}
