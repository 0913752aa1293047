import LoyaltyConformance
import LoyaltyCore
import Testing

@Suite("Metrics recorders and the metric values")
struct MetricsRecorderTests {
  @Test("the in-memory recorder passes the conformance checks")
  func inMemoryConformance() async throws {
    try await MetricsRecorderConformance.check(
      readingBack: { ($0 as? InMemoryMetricsRecorder)?.metrics ?? [] }
    ) { InMemoryMetricsRecorder() }
  }

  @Test("the no-op recorder passes the conformance checks")
  func noOpConformance() async throws {
    try await MetricsRecorderConformance.check { NoOpMetricsRecorder() }
  }

  @Test("a conformance check catches a recorder that loses dimensions")
  func conformanceCatchesBrokenRecorder() async throws {
    await #expect(throws: ConformanceFailure.self) {
      try await MetricsRecorderConformance.check(
        readingBack: { ($0 as? DimensionlessRecorder)?.kept.metrics ?? [] }
      ) { DimensionlessRecorder() }
    }
  }

  @Test("the in-memory recorder sums counters, keeps timer samples and the last gauge")
  func inMemoryReaders() {
    let recorder = InMemoryMetricsRecorder()
    let ok: [LoyaltyMetric.Dimension] = [.init("endpoint", "a"), .init("outcome", "success")]
    let failed: [LoyaltyMetric.Dimension] = [.init("endpoint", "a"), .init("outcome", "timedOut")]
    recorder.record(.counter("calls", dimensions: ok))
    recorder.record(.counter("calls", by: 2, dimensions: ok))
    recorder.record(.counter("calls", dimensions: failed))
    recorder.record(.timer("took", nanoseconds: 5, dimensions: ok))
    recorder.record(.timer("took", nanoseconds: 7, dimensions: failed))
    recorder.record(.gauge("depth", level: 3))
    recorder.record(.gauge("depth", level: 1))
    // A gauge of the same name is not a counter.
    recorder.record(.gauge("calls", level: 100))

    #expect(recorder.counter("calls") == 4)
    #expect(recorder.counter("calls", ["outcome": "success"]) == 3)
    #expect(recorder.counter("calls", ["endpoint": "a", "outcome": "timedOut"]) == 1)
    #expect(recorder.counter("calls", ["endpoint": "b"]) == 0)
    #expect(recorder.counter("missing") == 0)
    #expect(recorder.timerSamples("took") == [5, 7])
    #expect(recorder.timerSamples("took", ["outcome": "timedOut"]) == [7])
    #expect(recorder.lastGauge("depth") == 1)
    #expect(recorder.lastGauge("missing") == nil)
    #expect(recorder.metrics(named: "calls").count == 4)
    #expect(recorder.dimensionValues("outcome", of: "calls") == ["success", "timedOut"])
    recorder.removeAll()
    #expect(recorder.metrics.isEmpty)
  }

  @Test("a metric reads its dimensions by key and as ordered pairs")
  func dimensions() {
    let metric = LoyaltyMetric.counter(
      LoyaltyMetric.Name.requests,
      dimensions: [.init("endpoint", "campaigns"), .init("outcome", "success")])
    #expect(metric.kind == .counter)
    #expect(metric.value == 1)
    #expect(metric.dimension("endpoint") == "campaigns")
    #expect(metric.dimension("reason") == nil)
    #expect(metric.dimensionPairs.map(\.0) == ["endpoint", "outcome"])
    #expect(metric.dimensionPairs.map(\.1) == ["campaigns", "success"])
    #expect(LoyaltyMetric.Kind(rawValue: "timer") == .timer)
    #expect(LoyaltyMetric.Kind.gauge.description == "gauge")
  }

  @Test(
    "a duration converts to nanoseconds, clamped at 0 and Int64.max",
    arguments: [
      (Duration.zero, Int64(0)),
      (.nanoseconds(1), 1),
      (.nanoseconds(-1), 0),
      (.seconds(1), 1_000_000_000),
      (.seconds(1) + .nanoseconds(1), 1_000_000_001),
      (.nanoseconds(Int64.max), .max),
      (.nanoseconds(Int64.max - 1), .max - 1),
      (.seconds(Int64.max), .max),
    ])
  func timerDuration(duration: Duration, nanoseconds: Int64) {
    #expect(LoyaltyMetric.timer("t", duration: duration).value == nanoseconds)
  }

  @Test("an error's outcome is its code's name")
  func failureOutcome() {
    #expect(LoyaltyMetric.Outcome.failure(LoyaltyError(.timedOut, "slow")) == "timedOut")
    #expect(LoyaltyMetric.Outcome.failure(CancellationError()) == "cancelled")
    #expect(LoyaltyMetric.Outcome.failure(OtherError()) == "unknown")
  }

  @Test("Core registers the no-op recorder, which components see as none")
  func coreDefault() async throws {
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [])
    #expect(try client.resolve(.metricsRecorder) is NoOpMetricsRecorder)
    #expect(client.source(of: .metricsRecorder) == .coreDefault)
    await client.shutdown()
  }

  @Test("an override replaces the no-op recorder")
  func override() async throws {
    let recorder = InMemoryMetricsRecorder()
    var overrides = CapabilityOverrides()
    overrides.override(.metricsRecorder, with: recorder)
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [], overrides: overrides)
    #expect(client.source(of: .metricsRecorder) == .override)
    try client.resolve(.metricsRecorder).record(.counter("c"))
    #expect(recorder.counter("c") == 1)
    await client.shutdown()
  }

  @Test("every SDK metric name is distinct and prefixed")
  func names() {
    let names = LoyaltyMetric.Name.all
    #expect(names.count == 11)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.hasPrefix("loyalty_") })
  }
}

/// A recorder that forgets every dimension: the conformance check must reject it.
private final class DimensionlessRecorder: MetricsRecorder {
  let kept = InMemoryMetricsRecorder()

  func record(_ metric: LoyaltyMetric) {
    var stripped = metric
    stripped.dimensions = []
    kept.record(stripped)
  }
}

private struct OtherError: Error {}
