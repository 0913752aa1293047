import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyMetrics
import LoyaltyNetwork
import LoyaltySandbox
import MetricsTestKit
import Testing

@Suite("SwiftMetricsRecorder")
struct SwiftMetricsRecorderTests {
  private static let campaigns = [
    LoyaltyMetric.Dimension(LoyaltyMetric.DimensionKey.endpoint, "campaigns"),
    LoyaltyMetric.Dimension(LoyaltyMetric.DimensionKey.outcome, "success"),
  ]

  @Test("a counter adds each value to the counter of its label and dimensions")
  func counters() throws {
    let metrics = TestMetrics()
    let recorder = SwiftMetricsRecorder(factory: metrics)
    recorder.record(.counter(LoyaltyMetric.Name.requests, dimensions: Self.campaigns))
    recorder.record(.counter(LoyaltyMetric.Name.requests, dimensions: Self.campaigns))
    recorder.record(
      LoyaltyMetric(
        name: LoyaltyMetric.Name.analyticsEventsUploaded, kind: .counter, value: 40))
    let requests = try metrics.expectCounter(
      LoyaltyMetric.Name.requests, [("endpoint", "campaigns"), ("outcome", "success")])
    #expect(requests.values == [1, 1])
    #expect(requests.totalValue == 2)
    #expect(metrics.counterTotal(label: LoyaltyMetric.Name.analyticsEventsUploaded) == 40)
    #expect(metrics.counters.count == 2, "one counter per label and dimensions")
  }

  @Test("another dimension value is another counter")
  func dimensionsTellCountersApart() throws {
    let metrics = TestMetrics()
    let recorder = SwiftMetricsRecorder(factory: metrics)
    recorder.record(.counter(LoyaltyMetric.Name.requests, dimensions: Self.campaigns))
    recorder.record(
      .counter(
        LoyaltyMetric.Name.requests,
        dimensions: [
          .init(LoyaltyMetric.DimensionKey.endpoint, "campaigns"),
          .init(LoyaltyMetric.DimensionKey.outcome, "timedOut"),
        ]))
    #expect(metrics.counters(label: LoyaltyMetric.Name.requests).count == 2)
    #expect(
      try metrics.expectCounter(
        LoyaltyMetric.Name.requests, [("endpoint", "campaigns"), ("outcome", "timedOut")]
      ).totalValue == 1)
  }

  @Test("a timer records nanoseconds; a gauge keeps the last level")
  func timersAndGauges() throws {
    let metrics = TestMetrics()
    let recorder = SwiftMetricsRecorder(factory: metrics)
    let endpoint = [LoyaltyMetric.Dimension(LoyaltyMetric.DimensionKey.endpoint, "coupons")]
    for nanoseconds: Int64 in [0, 1, 2_500_000] {
      recorder.record(
        LoyaltyMetric(
          name: LoyaltyMetric.Name.requestDuration, kind: .timer, value: nanoseconds,
          dimensions: endpoint))
    }
    for depth: Int64 in [12, 0, 7] {
      recorder.record(
        LoyaltyMetric(name: LoyaltyMetric.Name.analyticsQueueDepth, kind: .gauge, value: depth))
    }
    #expect(
      try metrics.expectTimer(LoyaltyMetric.Name.requestDuration, [("endpoint", "coupons")])
        .values == [0, 1, 2_500_000])
    let depth = try metrics.expectGauge(LoyaltyMetric.Name.analyticsQueueDepth)
    #expect(depth.values == [12, 0, 7])
    #expect(depth.lastValue == 7)
  }

  @Test("passes the MetricsRecorder conformance suite")
  func conformance() async throws {
    try await MetricsRecorderConformance.check { SwiftMetricsRecorder(factory: TestMetrics()) }
  }

  @Test("a kind the bridge does not know is ignored")
  func unknownKind() {
    let metrics = TestMetrics()
    let recorder = SwiftMetricsRecorder(factory: metrics)
    recorder.record(
      LoyaltyMetric(
        name: "loyalty_future", kind: LoyaltyMetric.Kind(rawValue: "histogram"), value: 3))
    #expect(metrics.counters.isEmpty && metrics.timers.isEmpty && metrics.recorders.isEmpty)
  }

  @Test("1,000 concurrent records from 100 tasks all count")
  func concurrentRecords() async throws {
    let metrics = TestMetrics()
    let recorder = SwiftMetricsRecorder(factory: metrics)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<100 {
        group.addTask {
          for _ in 0..<10 {
            recorder.record(
              .counter(
                LoyaltyMetric.Name.requests,
                dimensions: [.init(LoyaltyMetric.DimensionKey.endpoint, "e\(task % 4)")]))
          }
        }
      }
    }
    #expect(metrics.counterTotal(label: LoyaltyMetric.Name.requests) == 1_000)
    #expect(metrics.counters(label: LoyaltyMetric.Name.requests).count == 4)
  }

  @Test("a client's calls arrive in swift-metrics: requests by endpoint and outcome, durations")
  func clientMetrics() async throws {
    let metrics = TestMetrics()
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-metrics",
      apiKey: "metrics-api-key-0001", bundleID: "com.example.metrics-tests",
      environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.device.registersAtStart = false
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.keyValueStore, with: InMemoryKeyValueStore())
    overrides.override(.metricsRecorder, with: SwiftMetricsRecorder(factory: metrics))
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    try await client.network.session.loginWithEmail("maria@example.gr")
    try await client.network.session.loginWithEmail("maria@example.gr")
    await client.shutdown()

    let requests = metrics.counters(label: LoyaltyMetric.Name.requests)
    #expect(requests.map(\.totalValue).reduce(0, +) == 2)
    let login = try #require(requests.first)
    #expect(login.dimensions.first { $0.0 == "outcome" }?.1 == "success")
    let endpoint = try #require(login.dimensions.first { $0.0 == "endpoint" }?.1)
    let durations = try metrics.expectTimer(
      LoyaltyMetric.Name.requestDuration, [("endpoint", endpoint)])
    #expect(durations.values.count == 2)
    #expect(durations.values.allSatisfy { $0 > 0 })
  }
}
