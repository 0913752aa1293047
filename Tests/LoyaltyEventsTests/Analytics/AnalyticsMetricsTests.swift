import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import Testing

@testable import LoyaltyEvents

@Suite("Analytics metrics against the sandbox")
struct AnalyticsMetricsTests {
  typealias Name = LoyaltyMetric.Name

  /// A client on the sandbox with the events, network and store modules, a manual clock,
  /// no flush timer, and `metrics` installed (none when `recording` is off).
  struct Harness {
    let backend: SandboxBackend
    let client: LoyaltyClient
    let clock: ManualClock
    let metrics: InMemoryMetricsRecorder

    static func start(
      recording: Bool = true, maxBatchCount: Int = 100, queueCapacity: Int = 10_000,
      maxAge: TimeInterval = 12 * 3_600
    ) async throws -> Harness {
      var configuration = LoyaltyConfiguration(
        appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
        apiKey: "events-test-key", bundleID: "com.example.events-metrics",
        environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
        preset: .testing)
      // Analytics on (the testing preset starts with it off, as the seed's does).
      configuration.privacy.enabled.insert(.analytics)
      configuration.logging.level = .none
      let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
      let clock = ManualClock(start: Date())
      let metrics = InMemoryMetricsRecorder()
      var overrides = CapabilityOverrides()
      overrides.override(.httpTransport, with: SandboxTransport(backend))
      overrides.override(.clock, with: clock)
      if recording {
        overrides.override(.metricsRecorder, with: metrics)
      }
      let client = try await LoyaltyClient.start(
        configuration,
        modules: [
          EventsModule(
            analytics: AnalyticsConfiguration(
              flushAt: 10_000, flushInterval: 0, maxBatchCount: maxBatchCount,
              queueCapacity: queueCapacity, maxAge: maxAge)),
          NetworkModule(), StoreModule(location: .inMemory),
        ], overrides: overrides)
      return Harness(backend: backend, client: client, clock: clock, metrics: metrics)
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

    func dropped(_ reason: String) -> Int64 {
      metrics.counter(Name.analyticsEventsDropped, ["reason": reason])
    }
  }

  @Test("tracked and uploaded match the pipeline's statistics; the queue ends empty")
  func trackedAndUploaded() async throws {
    let harness = try await Harness.start()
    let analytics = try harness.client.analytics
    for index in 0..<25 {
      try await analytics.track("custom_success_campaigns_loyalty", parameters: ["i": "\(index)"])
    }
    let metrics = harness.metrics
    #expect(metrics.counter(Name.analyticsEventsTracked) == 25)
    #expect(metrics.lastGauge(Name.analyticsQueueDepth) == nil, "track reads no depth")
    harness.backend.failNext(with: .status(503), on: .endpoint(.analytics))
    try await harness.drain()

    let statistics = await analytics.currentStatistics()
    #expect(statistics.tracked == 25)
    #expect(metrics.counter(Name.analyticsEventsTracked) == Int64(statistics.tracked))
    #expect(metrics.counter(Name.analyticsEventsUploaded) == Int64(statistics.uploaded))
    #expect(statistics.uploaded == 25)
    #expect(metrics.counter(Name.analyticsEventsDropped) == 0)
    #expect(metrics.lastGauge(Name.analyticsQueueDepth) == 0)
    #expect(
      metrics.metrics(named: Name.analyticsEventsTracked).allSatisfy {
        $0.kind == .counter && $0.value == 1 && $0.dimensions.isEmpty
      })
    #expect(
      metrics.metrics(named: Name.analyticsQueueDepth).allSatisfy {
        $0.kind == .gauge && $0.dimensions.isEmpty
      })
    // Uploads are network calls: the failed one carries its status's code.
    let uploads = metrics.counter(Name.requests, ["endpoint": "analytics"])
    #expect(uploads == Int64(statistics.uploads))
    #expect(
      metrics.counter(Name.requests, ["endpoint": "analytics", "outcome": "httpStatus"]) == 1)
    await harness.client.shutdown()
  }

  @Test("a full queue: no drop at the capacity, one per event past it, the depth is the capacity")
  func capacityDrops() async throws {
    let harness = try await Harness.start(queueCapacity: 5)
    let analytics = try harness.client.analytics
    for index in 0..<5 {
      try await analytics.track("e", parameters: ["i": "\(index)"])
    }
    #expect(harness.dropped("capacity") == 0)
    #expect(harness.metrics.lastGauge(Name.analyticsQueueDepth) == nil)

    try await analytics.track("e", parameters: ["i": "5"])
    #expect(harness.dropped("capacity") == 1)
    #expect(harness.metrics.lastGauge(Name.analyticsQueueDepth) == 5)
    try await analytics.track("e", parameters: ["i": "6"])
    #expect(harness.dropped("capacity") == 2)

    let statistics = await analytics.currentStatistics()
    #expect(Int64(statistics.droppedByCapacity) == harness.dropped("capacity"))
    #expect(harness.metrics.counter(Name.analyticsEventsTracked) == Int64(statistics.tracked))
    #expect(harness.metrics.lastGauge(Name.analyticsQueueDepth) == Int64(statistics.pending))
    await harness.client.shutdown()
  }

  @Test("an event a plugin drops is counted as dropped, not tracked")
  func pluginDrops() async throws {
    let harness = try await Harness.start()
    let analytics = try harness.client.analytics
    await analytics.add(
      PluginDroppingEvents(name: "drop-secret") { $0.name == "secret" ? nil : $0 })
    try await analytics.track("visible")
    try await analytics.track("secret")
    try await analytics.track("visible")

    let statistics = await analytics.currentStatistics()
    #expect(statistics.droppedByPlugins == 1)
    #expect(harness.dropped("plugin") == 1)
    #expect(harness.metrics.counter(Name.analyticsEventsTracked) == 2)
    await harness.client.shutdown()
  }

  @Test("events the server rejects, and a 413 split, match the pipeline's statistics")
  func rejectedAndSplit() async throws {
    // The pipeline's batches (150) are larger than the sandbox accepts (100): it answers 413.
    let harness = try await Harness.start(maxBatchCount: 150)
    let analytics = try harness.client.analytics
    for index in 0..<150 {
      try await analytics.track("custom_success_coupons_loyalty", parameters: ["i": "\(index)"])
    }
    // A name the server refuses (spaces are not allowed).
    try await analytics.track("not a valid name!")
    try await harness.drain()

    let statistics = await analytics.currentStatistics()
    #expect(statistics.rejected == 1)
    #expect(harness.dropped("rejected") == Int64(statistics.rejected))
    #expect(harness.metrics.counter(Name.analyticsEventsUploaded) == Int64(statistics.uploaded))
    #expect(statistics.uploaded == 150)
    #expect(
      harness.metrics.dimensionValues("reason", of: Name.analyticsEventsDropped) == ["rejected"])
    #expect(
      harness.metrics.counter(
        Name.requests, ["endpoint": "analytics", "outcome": "payloadTooLarge"]) >= 1)
    await harness.client.shutdown()
  }

  @Test("events older than maxAge are dropped as expired")
  func expired() async throws {
    let harness = try await Harness.start(maxAge: 60)
    let analytics = try harness.client.analytics
    for _ in 0..<3 {
      try await analytics.track("e")
    }
    harness.clock.advance(by: 61)
    await analytics.flush()

    let statistics = await analytics.currentStatistics()
    #expect(statistics.expired == 3)
    #expect(harness.dropped("expired") == 3)
    #expect(harness.metrics.counter(Name.analyticsEventsUploaded) == 0)
    #expect(harness.metrics.lastGauge(Name.analyticsQueueDepth) == 0)
    await harness.client.shutdown()
  }

  @Test("a count of 0 records no counter, and a count of 1 records one")
  func zeroCountsRecordNothing() {
    let metrics = InMemoryMetricsRecorder()
    AnalyticsPipeline.countUploaded(0, in: metrics)
    AnalyticsPipeline.countDropped(0, reason: AnalyticsPipeline.capacityDrop, in: metrics)
    #expect(metrics.metrics.isEmpty)
    AnalyticsPipeline.countUploaded(1, in: metrics)
    AnalyticsPipeline.countDropped(1, reason: AnalyticsPipeline.capacityDrop, in: metrics)
    #expect(metrics.counter(Name.analyticsEventsUploaded) == 1)
    #expect(metrics.metrics.count == 2)
  }

  @Test("a pipeline without a recorder tracks and uploads as before")
  func withoutRecorder() async throws {
    let harness = try await Harness.start(recording: false)
    let analytics = try harness.client.analytics
    for _ in 0..<3 {
      try await analytics.track("e")
    }
    try await harness.drain()
    let statistics = await analytics.currentStatistics()
    #expect(statistics.tracked == 3)
    #expect(statistics.uploaded == 3)
    #expect(harness.metrics.metrics.isEmpty)
    await harness.client.shutdown()
  }
}

/// A `before` plugin that keeps what `body` returns.
private struct PluginDroppingEvents: AnalyticsPlugin {
  let name: String
  let body: @Sendable (AnalyticsEvent) -> AnalyticsEvent?
  var stage: AnalyticsPluginStage { .before }

  init(name: String, _ body: @escaping @Sendable (AnalyticsEvent) -> AnalyticsEvent?) {
    self.name = name
    self.body = body
  }

  func process(_ event: AnalyticsEvent) async -> AnalyticsEvent? { body(event) }
}
