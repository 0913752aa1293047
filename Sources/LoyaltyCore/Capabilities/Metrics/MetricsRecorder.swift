/// Where the SDK reports what an operator watches: request counts and durations,
/// retries, token refreshes, the analytics queue, directory syncs.
///
/// A host bridges the SDK to its metrics system (swift-metrics, StatsD, Prometheus) by
/// conforming a small type to this protocol and passing it as an override of
/// ``CapabilityKey/metricsRecorder``:
///
/// ```swift
/// var overrides = CapabilityOverrides()
/// overrides.override(.metricsRecorder, with: MyMetricsBridge())
/// ```
///
/// Core's default, ``NoOpMetricsRecorder``, drops everything; the SDK recognises it and
/// then does not even build the metrics. ``InMemoryMetricsRecorder`` keeps them, for
/// tests. `Docs/Metrics.md` lists every metric the SDK records.
///
/// Every conforming type must:
/// - be safe to call from any thread or task, concurrently, with no ordering between
///   callers assumed;
/// - return at once: it is called inline on hot paths (every request, every tracked
///   event), so it never blocks on I/O, never waits for a lock held across slow work,
///   and never suspends;
/// - never throw, crash or call back into the SDK (no logging through it, no tracking);
/// - accept any ``LoyaltyMetric/Kind``, including kinds added after it was written:
///   one it does not know is ignored, never a failure.
public protocol MetricsRecorder: Sendable {
  /// Records one measurement.
  func record(_ metric: LoyaltyMetric)
}
