import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// A read of the market whose answer writes ``MarketState``: the change it announces,
/// the declared call whose answer the test holds, and how to tell the state holds it.
struct StateRead: Sendable, CustomTestStringConvertible {
  let change: MarketState.Change
  let call: any MarketCallDescribing
  /// Whether the answer has a language (a language change drops it).
  let hasLanguage: Bool
  let read: @Sendable (Market) async throws -> Void
  let holds: @Sendable (MarketState) async -> Bool

  var testDescription: String { "\(change)" }

  /// Every change a server's answer writes (contextual offers and seasonal packages are
  /// the host's, set without a read).
  static let all: [StateRead] = [
    StateRead(
      change: .campaigns, call: MarketEndpoints.campaigns, hasLanguage: true,
      read: { _ = try await $0.campaigns() }, holds: { await !$0.allCampaigns.isEmpty }),
    StateRead(
      change: .coupons, call: MarketEndpoints.userCoupons, hasLanguage: true,
      read: { _ = try await $0.coupons() },
      holds: { state in
        let (active, redeemed) = await (state.activeCoupons, state.redeemedCoupons)
        return !active.isEmpty || !redeemed.isEmpty
      }),
    StateRead(
      change: .couponSets, call: MarketEndpoints.couponSets, hasLanguage: true,
      read: { _ = try await $0.couponSets() }, holds: { await !$0.couponSets.isEmpty }),
    StateRead(
      change: .merchants, call: MarketEndpoints.merchants, hasLanguage: true,
      read: { _ = try await $0.merchants() }, holds: { await !$0.merchants.isEmpty }),
    StateRead(
      change: .supermarketCampaign, call: MarketEndpoints.campaigns, hasLanguage: true,
      read: { _ = try await $0.supermarketCampaign() },
      holds: { await $0.supermarketCampaign != nil }),
    StateRead(
      change: .marketPass, call: MarketEndpoints.marketPass, hasLanguage: false,
      read: { _ = try await $0.marketPassDetails() }, holds: { await $0.marketPass != nil }),
  ]
}

/// An answer lands only where it was asked for: a read in flight (the server has
/// answered, the answer is slow to arrive) across a change of user, of language, an
/// erase or the offline cache turned off.
@Suite("Late answers land only where they were asked for")
struct LateAnswerTests {
  /// What a scenario leaves: the read's error, the state's changes after the switch,
  /// and the cache's answers.
  struct Outcome {
    let error: LoyaltyError?
    let changes: [MarketState.Change]
    let cached: [CachedAnswer]
    let market: Market
    let previousUser: String
  }

  /// Runs `read` with its answer held, applies `change`, then lets the answer arrive.
  static func run(
    _ read: StateRead, across change: @Sendable (OfflineHarness) async throws -> Void
  ) async throws -> Outcome {
    let holder = HoldingTransport(holding: read.call)
    let harness = try await OfflineHarness.start(transport: {
      holder.wrapping(SandboxTransport($0))
    })
    let market = try harness.market
    let cache = try harness.client.resolve(.marketCache)
    try await harness.login(1)
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    let recorder = await ChangeRecorder(market.state)
    let task = Task { try await read.read(market) }
    try await holder.waitForHeld()
    try await change(harness)
    let start = try await recorder.mark(market)
    holder.release()
    let error: LoyaltyError?
    do {
      try await task.value
      error = nil
    } catch let thrown as LoyaltyError {
      error = thrown
    }
    let changes = try await recorder.changes(since: start, flushing: market)
    let cached = try await cache.answers()
    await harness.client.shutdown()
    return Outcome(
      error: error, changes: changes, cached: cached, market: market,
      previousUser: MarketCacheOwner.user(user.id))
  }

  /// The read failed with `contextChanged` for the user, nothing of it is in the state
  /// or announced, and the cache holds nothing of the previous user.
  static func expectDroppedForUser(_ outcome: Outcome, _ read: StateRead) async {
    #expect(outcome.error?.code == .contextChanged, "\(String(describing: outcome.error))")
    #expect(outcome.error?.metadata["changed"] == "user")
    #expect(await !read.holds(outcome.market.state), "the previous user's answer landed")
    #expect(!outcome.changes.contains(read.change), "\(outcome.changes)")
    #expect(outcome.cached.allSatisfy { $0.owner != outcome.previousUser })
  }

  @Test("every read that writes the state is here: each change a server's answer makes")
  func everyChange() {
    let hostSet: Set<MarketState.Change> = [.ccms, .seasonals]
    #expect(
      Set(StateRead.all.map(\.change)) == Set(MarketState.Change.allCases).subtracting(hostSet))
  }

  @Test(
    "a logout, then a login as someone else, while the answer is on its way",
    arguments: StateRead.all)
  func logoutThenLogin(read: StateRead) async throws {
    let outcome = try await Self.run(read) { harness in
      try await harness.client.network.session.logout()
      try await harness.login(2)
    }
    await Self.expectDroppedForUser(outcome, read)
  }

  @Test(
    "a login as someone else, without a logout, while the answer is on its way",
    arguments: StateRead.all)
  func loginWithoutLogout(read: StateRead) async throws {
    let outcome = try await Self.run(read) { try await $0.login(2) }
    await Self.expectDroppedForUser(outcome, read)
  }

  /// The server refuses the session's refresh (as it does once the user logged out
  /// elsewhere): the session ends without a logout from this client.
  static func refuseRefresh(_ harness: OfflineHarness) async {
    harness.transport.mode = .status(401)
    _ = try? await harness.client.network.session.refresh()
    harness.transport.mode = .online
  }

  @Test(
    "a session the server ends (its refresh refused) while the answer is on its way",
    arguments: StateRead.all)
  func refreshRefused(read: StateRead) async throws {
    let outcome = try await Self.run(read) { await Self.refuseRefresh($0) }
    await Self.expectDroppedForUser(outcome, read)
  }

  @Test(
    "a session the server ends: nothing of its user stays shown or cached",
    arguments: StateRead.all)
  func refreshRefusedEmpties(read: StateRead) async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login(1)
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    try await read.read(market)
    #expect(await read.holds(market.state))
    await Self.refuseRefresh(harness)
    #expect(try await !harness.client.network.session.isLoggedIn)
    #expect(await !read.holds(market.state), "the ended session's answer is still shown")
    #expect(try await harness.cached().allSatisfy { $0.owner != MarketCacheOwner.user(user.id) })
    await harness.client.shutdown()
  }

  @Test(
    "a language change while the answer is on its way: the old language lands nowhere",
    arguments: StateRead.all)
  func languageChange(read: StateRead) async throws {
    let outcome = try await Self.run(read) { try await $0.client.lifecycle.setLanguage("el") }
    if read.hasLanguage {
      #expect(outcome.error?.code == .contextChanged, "\(String(describing: outcome.error))")
      #expect(outcome.error?.metadata["changed"] == "language")
      #expect(await !read.holds(outcome.market.state), "an English answer landed after el")
      #expect(!outcome.changes.contains(read.change), "\(outcome.changes)")
    } else {
      // An answer without a language is the same in any.
      #expect(outcome.error == nil)
      #expect(await read.holds(outcome.market.state))
    }
  }

  @Test("an erase of all data while the answer is on its way", arguments: StateRead.all)
  func erase(read: StateRead) async throws {
    let outcome = try await Self.run(read) { _ = await $0.client.eraseAllData() }
    #expect(outcome.error?.code == .clientShutDown, "\(String(describing: outcome.error))")
    #expect(await !read.holds(outcome.market.state))
    #expect(!outcome.changes.contains(read.change))
    #expect(outcome.cached.filter { $0.kind != "local" }.isEmpty, "\(outcome.cached.map(\.key))")
  }

  @Test(
    "the offline cache turned off while the answer is on its way: shown, not kept",
    arguments: StateRead.all)
  func cacheTurnedOff(read: StateRead) async throws {
    let outcome = try await Self.run(read) { try await $0.client.privacy.disable(.offlineCache) }
    #expect(outcome.error == nil, "\(String(describing: outcome.error))")
    #expect(await read.holds(outcome.market.state))
    #expect(outcome.cached.isEmpty, "\(outcome.cached.map(\.key))")
  }
}
