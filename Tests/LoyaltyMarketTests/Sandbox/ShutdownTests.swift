import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@Suite("Shutdown ends every stream the client handed out")
struct ShutdownTests {
  @Test("bus streams, bus subscriptions, session events and market changes all finish")
  func streamsEnd() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", apiKey: "shutdown-test-key",
      bundleID: "com.example.shutdown", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(
        seed: 5, campaigns: 10, personalizedCampaigns: 2, couponSets: 4, merchants: 4, users: 1))
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        MarketModule(), NetworkModule(),
        EventsModule(analytics: AnalyticsConfiguration(flushInterval: 0)),
      ],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
    let bus = try client.events
    let market = try client.market

    let sessionEvents = bus.stream(SessionEnded.self)
    let byName = bus.stream(named: "session_ended")
    let changes = await market.state.changes()
    let handled = Counter()
    let subscription = bus.subscribe(SessionEnded.self) { (_: SessionEnded) in handled.add() }
    let readers = [
      Task { await count(sessionEvents) },
      Task { await count(byName) },
      Task { await count(changes) },
    ]

    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    _ = try await market.campaigns()
    try await client.network.session.logout()
    #expect(bus.subscriptionCount == 3)

    await client.shutdown()
    for (index, reader) in readers.enumerated() {
      let received = try #require(await finished(reader), "stream \(index) did not end")
      #expect(received >= 1, "stream \(index) received nothing before it ended")
    }
    #expect(bus.subscriptionCount == 0)
    #expect(bus.isFinished)
    #expect(handled.value == 1)
    withExtendedLifetime(subscription) {}

    // What is asked for after shutdown ends at once.
    #expect(try #require(await finished(Task { await count(bus.stream(named: "any")) })) == 0)
    let lateChanges = await market.state.changes()
    #expect(try #require(await finished(Task { await count(lateChanges) })) == 0)
    #expect(bus.subscribe(to: "any") { _ in }.isCancelled)
  }
}

/// Counts a stream's elements until it ends.
private func count<Element>(_ stream: AsyncStream<Element>) async -> Int {
  var total = 0
  for await _ in stream {
    total += 1
  }
  return total
}

/// What `task` returned, or `nil` when it had not finished within ten seconds; a task
/// still running then is cancelled, so a stream that never ends fails the test rather
/// than hanging it.
private func finished(_ task: Task<Int, Never>) async -> Int? {
  await withTaskGroup(of: Int?.self) { group in
    group.addTask { await task.value }
    group.addTask {
      try? await Task.sleep(for: .seconds(10))
      return nil
    }
    let first = await group.next() ?? nil
    if first == nil {
      task.cancel()
    }
    group.cancelAll()
    return first
  }
}

/// A count a handler can bump from any thread.
private final class Counter: Sendable {
  private let storage = Locked(0)
  var value: Int { storage.withLock { $0 } }
  func add() { storage.withLock { $0 += 1 } }
}
