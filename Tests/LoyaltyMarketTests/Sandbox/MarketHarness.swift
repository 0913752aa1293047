import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox

/// A client with the market, network and events modules over an in-process sandbox.
struct MarketHarness {
  let backend: SandboxBackend
  let client: LoyaltyClient
  let sink: InMemoryEventSink

  static func start(
    fixtures: SandboxFixtures = SandboxFixtures(
      seed: 11, campaigns: 60, personalizedCampaigns: 10, couponSets: 20, merchants: 40,
      users: 3)
  ) async throws -> MarketHarness {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "market-test-key", bundleID: "com.example.market-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.logging.level = .none
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration), fixtures: fixtures)
    let sink = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.eventSink, with: sink)
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        MarketModule(), NetworkModule(),
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0)),
      ], overrides: overrides)
    return MarketHarness(backend: backend, client: client, sink: sink)
  }

  func login(_ user: Int = 1) async throws {
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(user))
  }

  /// The names of the analytics events queued so far.
  func analyticsNames() async throws -> [String] {
    let queue = try client.resolve(.eventQueue)
    let events = try await queue.claim(maxCount: 10_000, maxBytes: .max)
    try await queue.release(events.map(\.id))
    return events.map(\.name)
  }
}
