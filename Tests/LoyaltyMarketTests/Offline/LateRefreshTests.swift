import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// The reads the SDK starts itself land only where they were asked for too: the
/// revalidation behind a cached answer and the app's refresh when it becomes active; and
/// a language change drops only what was asked in another language.
@Suite("Late refreshes and languages")
struct LateRefreshTests {
  /// A harness whose coupons are read once (cached, never fresh), with a holder armed for
  /// the next coupons answer.
  static func started() async throws -> (OfflineHarness, HoldingTransport) {
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons, armed: false)
    let harness = try await OfflineHarness.start(
      cache: CacheConfiguration(minimumIntervals: ["coupons": 0]),
      transport: { holder.wrapping(SandboxTransport($0)) })
    try await harness.login(1)
    _ = try await harness.market.coupons()
    holder.arm()
    return (harness, holder)
  }

  /// After `refresh` started a coupons read that is held, user 2 logs in; then the answer
  /// arrives. Nothing of user 1 lands: not in the state, its stream or the cache.
  static func expectNothingOfUser1(
    starting refresh: @Sendable (OfflineHarness) async throws -> Void,
    waitingFor wait: @Sendable (OfflineHarness) async -> Void
  ) async throws {
    let (harness, holder) = try await started()
    let market = try harness.market
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    let recorder = await ChangeRecorder(market.state)
    try await refresh(harness)
    try await holder.waitForHeld()
    try await harness.login(2)
    let start = try await recorder.mark(market)
    holder.release()
    await wait(harness)
    let changes = try await recorder.changes(since: start, flushing: market)
    #expect(!changes.contains(.coupons), "\(changes)")
    #expect(await market.state.activeCoupons.isEmpty)
    #expect(try await harness.cached().allSatisfy { $0.owner != MarketCacheOwner.user(user.id) })
    await harness.client.shutdown()
  }

  @Test("a revalidation behind a cached answer, in flight across a login as someone else")
  func revalidationAcrossLogin() async throws {
    try await Self.expectNothingOfUser1(
      starting: { harness in
        let cached = try await harness.market.coupons(policy: .staleWhileRevalidate)
        #expect(cached.source == .cache)
      },
      waitingFor: { try? await $0.market.waitForRevalidations() })
  }

  @Test("the refresh when the app becomes active, in flight across a login as someone else")
  func becameActiveAcrossLogin() async throws {
    let running = Locked<Task<Void, Never>?>(nil)
    try await Self.expectNothingOfUser1(
      starting: { harness in
        let lifecycle = try harness.client.lifecycle
        running.withLock { $0 = Task { await lifecycle.didBecomeActive() } }
      },
      waitingFor: { _ in await running.withLock { $0 }?.value })
  }

  /// A coupons read asking for `asked` (the default language when `nil`) in flight while
  /// the host's language is set to each of `languages`; whether its answer landed.
  static func lands(asking asked: String?, across languages: [String]) async throws -> Bool {
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons)
    let harness = try await OfflineHarness.start(
      transport: { holder.wrapping(SandboxTransport($0)) })
    try await harness.login(1)
    let market = try harness.market
    let task = Task { try await market.coupons(language: asked) }
    try await holder.waitForHeld()
    for language in languages {
      try await harness.client.lifecycle.setLanguage(language)
    }
    holder.release()
    let landed: Bool
    do {
      _ = try await task.value
      landed = await !market.state.activeCoupons.isEmpty
    } catch let error as LoyaltyError where error.code == .contextChanged {
      landed = false
    }
    await harness.client.shutdown()
    return landed
  }

  @Test(
    "a read lands when the language it asked for is the host's when it arrives",
    arguments: [
      (nil, ["el"], false), (nil, ["el", "en"], true), ("el", ["el"], true),
      ("el", ["el", "en"], false), ("el", [], true),
    ] as [(String?, [String], Bool)])
  func languageAtArrival(asked: String?, languages: [String], lands: Bool) async throws {
    #expect(try await Self.lands(asking: asked, across: languages) == lands)
  }
}
