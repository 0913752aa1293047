import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Observation
import Testing

/// `MarketModel`: the market's state for a SwiftUI view, observed with
/// `withObservationTracking` as the view's body would be.
@Suite("MarketModel: observable state for a SwiftUI view")
@MainActor
struct MarketModelTests {
  /// A harness whose timeouts (the login's, 5 s) really wait: with every sleep instant, a
  /// login on a busy machine could lose its race with its own deadline.
  static func start(
    transport: (@Sendable (SandboxBackend) -> any HTTPTransport)? = nil
  ) async throws -> OfflineHarness {
    try await OfflineHarness.start(clock: InstantClock(realSleepsFrom: 5), transport: transport)
  }

  /// Waits until the model has applied every change the state announced before now: the
  /// host sets a mark (seasonal packages, which no read writes) and the model shows it.
  static func flush(_ model: MarketModel, _ market: Market, mark: Int) async throws {
    let packages = [SeasonalPackage(id: "mark-\(mark)", title: "mark", campaignSessionUUIDs: [])]
    await market.setSeasonals(packages)
    for _ in 0..<1_000 where model.seasonals != packages {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(model.seasonals == packages, "the model did not follow the state within 5 s")
    // The counter's notification for the mark arrives on a later turn.
    await Task.yield()
  }

  @Test("a model starts with the state's values and follows each answer that lands")
  func follows() async throws {
    let harness = try await Self.start()
    let market = try harness.market
    try await harness.login(1)
    _ = try await market.coupons()
    let model = await MarketModel(state: market.state)
    let active = await market.state.activeCoupons
    #expect(!active.isEmpty)
    #expect(model.activeCoupons == active)
    _ = try await market.campaigns()
    try await Self.flush(model, market, mark: 1)
    #expect(model.allCampaigns == (await market.state.allCampaigns))
    #expect(!model.allCampaigns.isEmpty)
    await harness.client.shutdown()
  }

  @Test("one notification per change that shows; none for the same answer again")
  func oneNotificationPerChange() async throws {
    let harness = try await Self.start()
    let market = try harness.market
    try await harness.login(1)
    let model = await MarketModel(state: market.state)
    let coupons = ObservationCounter {
      _ = model.activeCoupons
      _ = model.redeemedCoupons
    }
    let merchants = ObservationCounter { _ = model.merchants }
    #expect(coupons.count == 0)

    _ = try await market.coupons()
    try await Self.flush(model, market, mark: 1)
    #expect(coupons.count == 1)

    // The same coupons again: the state announces a change, the model writes nothing.
    _ = try await market.coupons(policy: .networkOnly)
    try await Self.flush(model, market, mark: 2)
    #expect(coupons.count == 1)

    _ = try await market.merchants()
    try await Self.flush(model, market, mark: 3)
    #expect(coupons.count == 1)
    #expect(merchants.count == 1)

    // A logout empties the coupons: a second notification.
    try await harness.client.network.session.logout()
    try await Self.flush(model, market, mark: 4)
    #expect(model.activeCoupons.isEmpty)
    #expect(coupons.count == 2)
    await harness.client.shutdown()
  }

  @Test("the model is empty before the tokens change, and hears nothing of a dropped answer")
  func droppedAfterUserSwitch() async throws {
    let holder = HoldingTransport(holding: MarketEndpoints.userCoupons, armed: false)
    let harness = try await Self.start(transport: { holder.wrapping(SandboxTransport($0)) })
    let market = try harness.market
    try await harness.login(1)
    _ = try await market.coupons()
    let model = await MarketModel(state: market.state)
    #expect(!model.activeCoupons.isEmpty)

    holder.arm()
    let late = Task { try await market.coupons(policy: .networkOnly) }
    try await holder.waitForHeld()
    try await harness.login(2)
    // The login returned: the model was emptied before the tokens changed.
    #expect(model.activeCoupons.isEmpty)
    #expect(model.redeemedCoupons.isEmpty)

    let coupons = ObservationCounter {
      _ = model.activeCoupons
      _ = model.redeemedCoupons
    }
    holder.release()
    let error = await #expect(throws: LoyaltyError.self) { try await late.value }
    #expect(error?.code == .contextChanged)
    try await Self.flush(model, market, mark: 1)
    #expect(coupons.count == 0, "an answer dropped after the switch reached the model")
    #expect(model.activeCoupons.isEmpty)
    await harness.client.shutdown()
  }

  @Test("a model that goes away stops following and is forgotten by the state")
  func goesAway() async throws {
    let harness = try await Self.start()
    let market = try harness.market
    try await harness.login(1)
    weak var gone: MarketModel?
    do {
      let model = await MarketModel(state: market.state)
      gone = model
    }
    #expect(gone == nil)
    // A reset after the model went away does not wait on it.
    try await harness.client.network.session.logout()
    await harness.client.shutdown()
  }
}
