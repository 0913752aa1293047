import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import LoyaltyTestSupport
import Testing

@Suite("Call outcomes with the real pipeline: analytics off records nothing")
struct CallOutcomePrivacyTests {
  /// A client with the events, network and store modules over the sandbox, analytics on
  /// or off, with a pipeline that never flushes on its own.
  private static func start(analytics: Bool) async throws -> (LoyaltyClient, SandboxBackend) {
    var configuration = CallOutcomeHarness.configuration()
    if !analytics {
      configuration.privacy.enabled.remove(.analytics)
    }
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0)),
        NetworkModule(), StoreModule(location: .inMemory),
      ], overrides: overrides)
    return (client, backend)
  }

  @Test("with analytics on, a login and a logout queue one event each; off, none")
  func offRecordsNothing() async throws {
    for analytics in [true, false] {
      let (client, _) = try await Self.start(analytics: analytics)
      let completed = Collector<CallCompleted>()
      let subscription = try client.events.subscribe(CallCompleted.self) { completed.append($0) }
      let session = try client.network.session
      try await session.loginWithEmail(SandboxFixtures.userEmail(1))
      await session.logout()
      let statistics = await (try client.analytics).currentStatistics()
      #expect(statistics.tracked == (analytics ? 2 : 0), "analytics \(analytics)")
      #expect(statistics.pending == (analytics ? 2 : 0), "analytics \(analytics)")
      // The outcome on the bus carries no user data and is posted either way.
      await completed.wait(for: 2)
      #expect(completed.all.map(\.operation) == ["dei_login", "logout"])
      subscription.cancel()
      await client.shutdown()
    }
  }
}
