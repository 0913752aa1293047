import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// A token store that, each time its pair changes, asks what ``MarketState`` shows at that
/// very moment, before the call that changed it has gone on; a test can run its own steps
/// just before and just after the write.
actor StateAtTokenChangeStore: TokenStore {
  typealias Hook = @Sendable () async -> Void

  private let inner = InMemoryTokenStore()
  private var market: Market?
  private var beforeWrite: Hook?
  private var afterWrite: Hook?
  /// At each change of the pair: the pair it changed to, and the coupon codes the state
  /// held then (after `afterWrite`).
  private(set) var changes: [(to: TokenPair?, codes: [String])] = []

  /// Watches `market`'s state from now on, running `before` and `after` around each write.
  func watch(_ market: Market, before: Hook? = nil, after: Hook? = nil) {
    self.market = market
    (beforeWrite, afterWrite) = (before, after)
  }

  func tokens() async -> TokenPair? { await inner.tokens() }

  func store(_ tokens: TokenPair) async {
    await beforeWrite?()
    await inner.store(tokens)
    await changed(to: tokens)
  }

  func clear() async {
    await beforeWrite?()
    await inner.clear()
    await changed(to: nil)
  }

  func replace(_ expected: TokenPair?, with new: TokenPair?) async -> Bool {
    await beforeWrite?()
    guard await inner.replace(expected, with: new) else { return false }
    await changed(to: new)
    return true
  }

  private func changed(to pair: TokenPair?) async {
    guard let state = market?.state else { return }
    await afterWrite?()
    let codes = await (state.activeCoupons + state.redeemedCoupons).map(\.code)
    changes.append((pair, codes))
  }
}

/// The moment the stored tokens change (a logout, a session the server ends, a login as
/// someone else), ``MarketState`` already shows nothing of the user leaving: a host that
/// reads the session then the state never sees one user's coupons under another session,
/// or under none, not for one read. (The market empties its state before the tokens
/// change, and once more after.)
@Suite("The state is empty before the tokens change")
struct TokenChangeStateTests {
  /// A session of user 1 whose coupons the state shows, its tokens in a watching store.
  static func start() async throws -> (OfflineHarness, StateAtTokenChangeStore) {
    let store = StateAtTokenChangeStore()
    let harness = try await OfflineHarness.start(tokenStore: store)
    try await harness.login(1)
    await store.watch(try harness.market)
    #expect(try await !harness.market.coupons().isEmpty)
    return (harness, store)
  }

  /// One change of the tokens was seen, to `expected`, with the state empty.
  static func expectEmptyAtChange(
    _ store: StateAtTokenChangeStore, to expected: (TokenPair?) -> Bool
  ) async {
    let changes = await store.changes
    #expect(changes.count == 1, "\(changes.count) changes")
    #expect(changes.allSatisfy { expected($0.to) })
    #expect(
      changes.allSatisfy { $0.codes.isEmpty },
      "the state still showed \(changes.map(\.codes)) when the tokens changed")
  }

  @Test("a logout")
  func logout() async throws {
    let (harness, store) = try await Self.start()
    try await harness.client.network.session.logout()
    await Self.expectEmptyAtChange(store) { $0 == nil }
    await harness.client.shutdown()
  }

  @Test("a session the server ends: its refresh refused")
  func refreshRefused() async throws {
    let (harness, store) = try await Self.start()
    await LateAnswerTests.refuseRefresh(harness)
    await Self.expectEmptyAtChange(store) { $0 == nil }
    await harness.client.shutdown()
  }

  @Test("a login as someone else, without a logout")
  func loginAsAnother() async throws {
    let (harness, store) = try await Self.start()
    try await harness.login(2)
    await Self.expectEmptyAtChange(store) { $0 != nil }
    #expect(try await harness.market.state.activeCoupons.isEmpty)
    await harness.client.shutdown()
  }

  @Test("a read asked while the tokens change lands nowhere, even after the write")
  func readDuringTheChange() async throws {
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons, armed: false)
    let store = StateAtTokenChangeStore()
    let harness = try await OfflineHarness.start(
      transport: { holder.wrapping(SandboxTransport($0)) }, tokenStore: store)
    try await harness.login(1)
    let market = try harness.market
    holder.arm()
    let read = Locked<Task<Answered<[Coupon]>, any Error>?>(nil)
    await store.watch(
      market,
      before: {
        // The observers emptied the state; user 1's tokens are still stored.
        read.withLock { $0 = Task { try await market.coupons(policy: .networkOnly) } }
        try? await holder.waitForHeld()
      },
      after: {
        // User 2's tokens are stored: user 1's answer arrives now.
        holder.release()
        _ = await read.withLock { $0 }?.result
      })
    try await harness.login(2)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await read.withLock { $0 }?.value
    }
    #expect(error.code == .contextChanged)
    await Self.expectEmptyAtChange(store) { $0 != nil }
    await harness.client.shutdown()
  }
}
