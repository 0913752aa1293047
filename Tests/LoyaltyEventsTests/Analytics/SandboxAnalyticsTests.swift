import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import Testing

@Suite("The pipeline against the sandbox's analytics endpoint")
struct SandboxAnalyticsTests {
  struct Harness {
    let backend: SandboxBackend
    let client: LoyaltyClient
    let clock: ManualClock

    static func start(maxBatchCount: Int = 100) async throws -> Harness {
      var configuration = LoyaltyConfiguration(
        appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
        apiKey: "events-test-key", bundleID: "com.example.events-sandbox",
        environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
        preset: .testing)
      // Analytics on (the testing preset starts with it off, as the seed's does).
      configuration.privacy.enabled.insert(.analytics)
      configuration.logging.level = .none
      // Only the tracked events are counted: no registration's outcome among them.
      configuration.device.registersAtStart = false
      let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
      let clock = ManualClock(start: Date())
      var overrides = CapabilityOverrides()
      overrides.override(.httpTransport, with: SandboxTransport(backend))
      overrides.override(.clock, with: clock)
      let client = try await LoyaltyClient.start(
        configuration,
        modules: [
          EventsModule(
            analytics: AnalyticsConfiguration(
              flushAt: 10_000, flushInterval: 0, maxBatchCount: maxBatchCount)),
          NetworkModule(), StoreModule(location: .inMemory),
        ], overrides: overrides)
      return Harness(backend: backend, client: client, clock: clock)
    }

    /// Flushes until the queue is empty, moving the clock past each backoff.
    func drain() async throws {
      let analytics = try client.analytics
      for _ in 0..<50 {
        await analytics.flush()
        if await analytics.currentStatistics().pending == 0 { return }
        clock.advance(by: 301)
      }
    }
  }

  @Test("network errors, 429 and 5xx: nothing lost, nothing twice, batches within limits")
  func faults() async throws {
    let harness = try await Harness.start()
    let analytics = try harness.client.analytics
    var ids: [String] = []
    for index in 0..<250 {
      ids.append(
        try await analytics.track("custom_success_campaigns_loyalty", parameters: ["i": "\(index)"])
      )
    }
    harness.backend.failNext(1, with: .dropConnection, on: .endpoint(.analytics))
    harness.backend.failNext(1, with: .rateLimited(retryAfter: 2), on: .endpoint(.analytics))
    harness.backend.failNext(2, with: .status(503), on: .endpoint(.analytics))
    harness.backend.failNext(1, with: .truncatedBody, on: .endpoint(.analytics))
    try await harness.drain()

    let received = harness.backend.analyticsEvents.compactMap { $0["event_id"]?.stringValue }
    #expect(Set(received) == Set(ids), "nothing lost")
    #expect(received.count == ids.count, "nothing stored twice")
    let counters = harness.backend.counters
    #expect(counters.analyticsEventsAccepted == 250)
    #expect(counters.statuses[413, default: 0] == 0, "no batch over the limits")
    let statistics = await analytics.currentStatistics()
    #expect(statistics.failedUploads >= 4)
    #expect(statistics.uploaded + statistics.duplicates >= 250)
    await harness.client.shutdown()
  }

  @Test("a 413 splits the batch; a 400 drops only the rejected events, and reports them")
  func tooLargeAndRejected() async throws {
    // The pipeline's batches (150) are larger than the sandbox accepts (100): it answers 413.
    let harness = try await Harness.start(maxBatchCount: 150)
    let analytics = try harness.client.analytics
    let drops = DropLog()
    await analytics.setDropHandler { drops.append($0) }
    var valid: [String] = []
    for index in 0..<150 {
      valid.append(
        try await analytics.track("custom_success_coupons_loyalty", parameters: ["i": "\(index)"]))
    }
    // A name the server refuses (spaces are not allowed), tracked among the valid ones.
    let invalid = try await analytics.track("not a valid name!")
    try await harness.drain()

    let received = Set(harness.backend.analyticsEvents.compactMap { $0["event_id"]?.stringValue })
    #expect(received == Set(valid))
    #expect(harness.backend.counters.statuses[413, default: 0] >= 1)
    #expect(drops.all.flatMap(\.ids) == [invalid])
    await harness.client.shutdown()
  }
}

/// Collects drop reports from the pipeline's handler.
final class DropLog: Sendable {
  private let drops = Locked<[AnalyticsDrop]>([])
  func append(_ drop: AnalyticsDrop) { drops.withLock { $0.append(drop) } }
  var all: [AnalyticsDrop] { drops.withLock { $0 } }
}
