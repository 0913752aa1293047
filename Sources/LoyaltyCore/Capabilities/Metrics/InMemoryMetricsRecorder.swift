/// A metrics recorder that keeps every metric in memory, for tests and diagnostics
/// screens, with helpers to read them back.
///
/// It keeps everything it is given, so it grows with every call: do not leave it
/// installed in a long-running process.
///
/// ```swift
/// let metrics = InMemoryMetricsRecorder()
/// var overrides = CapabilityOverrides()
/// overrides.override(.metricsRecorder, with: metrics)
/// let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
/// // ... make calls through `client` ...
/// let succeeded = metrics.counter(
///   LoyaltyMetric.Name.requests, ["endpoint": "campaigns", "outcome": "success"])
/// #expect(succeeded == 1)
/// ```
///
/// The readers take the dimensions to match as a dictionary: a metric matches when it
/// carries every given key with the given value, whatever else it carries; an empty
/// dictionary matches every metric of the name.
public final class InMemoryMetricsRecorder: MetricsRecorder {
  private let state = Locked<[LoyaltyMetric]>([])

  /// Creates an empty recorder.
  public init() {}

  /// Keeps `metric`.
  public func record(_ metric: LoyaltyMetric) {
    state.withLock { $0.append(metric) }
  }

  /// Every metric recorded so far, in the order the calls took the lock.
  public var metrics: [LoyaltyMetric] { state.withLock { $0 } }

  /// The metrics named `name` (of any kind) carrying `dimensions`, in order.
  public func metrics(
    named name: String, _ dimensions: [String: String] = [:]
  ) -> [LoyaltyMetric] {
    metrics.filter { $0.name == name && Self.matches($0, dimensions) }
  }

  /// The total of the counter `name` over the increments carrying `dimensions`; 0 when
  /// there are none.
  public func counter(_ name: String, _ dimensions: [String: String] = [:]) -> Int64 {
    values(name, kind: .counter, dimensions).reduce(0, &+)
  }

  /// The samples of the timer `name` carrying `dimensions`, in nanoseconds, in order.
  public func timerSamples(_ name: String, _ dimensions: [String: String] = [:]) -> [Int64] {
    values(name, kind: .timer, dimensions)
  }

  /// The last level of the gauge `name` carrying `dimensions`; `nil` when it was never
  /// recorded.
  public func lastGauge(_ name: String, _ dimensions: [String: String] = [:]) -> Int64? {
    values(name, kind: .gauge, dimensions).last
  }

  /// The distinct values the dimension `key` took on the metrics named `name`, sorted.
  public func dimensionValues(_ key: String, of name: String) -> [String] {
    Set(metrics(named: name).compactMap { $0.dimension(key) }).stablySorted()
  }

  /// Forgets every metric.
  public func removeAll() { state.withLock { $0.removeAll() } }

  private func values(
    _ name: String, kind: LoyaltyMetric.Kind, _ dimensions: [String: String]
  ) -> [Int64] {
    metrics.filter { $0.name == name && $0.kind == kind && Self.matches($0, dimensions) }
      .map(\.value)
  }

  private static func matches(_ metric: LoyaltyMetric, _ dimensions: [String: String]) -> Bool {
    dimensions.allSatisfy { key, value in metric.dimension(key) == value }
  }
}
