import LoyaltyCore

struct MyMetricsBridge: MetricsRecorder {
  var system = MyMetricsSystem.shared

  func record(_ metric: LoyaltyMetric) {
    let labels = metric.dimensionPairs
    switch metric.kind {
    case .counter: system.add(metric.value, to: metric.name, labels: labels)
    case .timer: system.record(nanoseconds: metric.value, for: metric.name, labels: labels)
    case .gauge: system.set(metric.value, for: metric.name, labels: labels)
    default: break  // a kind added in a later release
    }
  }
}

func startMeasured(
  _ configuration: LoyaltyConfiguration, modules: [any LoyaltyModule]
) async throws -> LoyaltyClient {
  var overrides = CapabilityOverrides()
  overrides.override(.metricsRecorder, with: MyMetricsBridge())
  return try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
}

/// The host's own metrics system the guide's bridge feeds: it keeps the last value of each.
final class MyMetricsSystem: Sendable {
  static let shared = MyMetricsSystem()

  private let values = Locked<[String: Int64]>([:])

  func add(_ value: Int64, to name: String, labels: [(String, String)]) {
    values.withLock { $0[name, default: 0] += value }
  }

  func record(nanoseconds: Int64, for name: String, labels: [(String, String)]) {
    values.withLock { $0[name] = nanoseconds }
  }

  func set(_ value: Int64, for name: String, labels: [(String, String)]) {
    values.withLock { $0[name] = value }
  }
}
