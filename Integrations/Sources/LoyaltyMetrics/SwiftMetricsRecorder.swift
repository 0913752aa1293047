public import CoreMetrics
public import LoyaltyCore
import Synchronization

/// Reports the SDK's metrics through swift-metrics.
///
/// Install it as the client's metrics recorder:
///
/// ```swift
/// var overrides = CapabilityOverrides()
/// overrides.override(.metricsRecorder, with: SwiftMetricsRecorder())
/// ```
///
/// Each SDK metric becomes the swift-metrics metric of its kind, under the same label
/// and with the same dimensions, in the same order:
///
/// | SDK kind | swift-metrics |
/// |---|---|
/// | `counter` | `Counter.increment(by:)` |
/// | `timer` | `Timer.recordNanoseconds(_:)` |
/// | `gauge` | `Gauge.record(_:)` |
///
/// A kind this bridge does not know (one a later SDK adds) is ignored. The metric objects
/// are made once per label and dimensions, through `factory`, and kept: recording one
/// costs a dictionary lookup under a mutex and the backend's own work. The bridge never
/// bootstraps the process's metrics system: it uses the factory it is given, by default
/// the one the host bootstrapped.
public final class SwiftMetricsRecorder: MetricsRecorder {
  /// A metric the bridge has made: its label, kind and dimensions.
  private struct Key: Hashable {
    let name: String
    let kind: LoyaltyMetric.Kind
    let dimensions: [LoyaltyMetric.Dimension]
  }

  private let factory: any MetricsFactory
  private let counters = Mutex<[Key: Counter]>([:])
  private let timers = Mutex<[Key: CoreMetrics.Timer]>([:])
  private let gauges = Mutex<[Key: Gauge]>([:])

  /// A bridge that makes its metrics through `factory`.
  /// - Parameter factory: The swift-metrics backend; the process's bootstrapped one by
  ///   default.
  public init(factory: any MetricsFactory = MetricsSystem.factory) {
    self.factory = factory
  }

  /// Records `metric` on the swift-metrics metric of its kind, label and dimensions.
  public func record(_ metric: LoyaltyMetric) {
    let key = Key(name: metric.name, kind: metric.kind, dimensions: metric.dimensions)
    switch metric.kind {
    case .counter:
      counter(for: key, metric).increment(by: metric.value)
    case .timer:
      timer(for: key, metric).recordNanoseconds(metric.value)
    case .gauge:
      gauge(for: key, metric).record(metric.value)
    default:
      return
    }
  }

  private func counter(for key: Key, _ metric: LoyaltyMetric) -> Counter {
    counters.withLock { counters in
      if let counter = counters[key] { return counter }
      let counter = Counter(
        label: metric.name, dimensions: metric.dimensionPairs, factory: factory)
      counters[key] = counter
      return counter
    }
  }

  private func timer(for key: Key, _ metric: LoyaltyMetric) -> CoreMetrics.Timer {
    timers.withLock { timers in
      if let timer = timers[key] { return timer }
      let timer = CoreMetrics.Timer(
        label: metric.name, dimensions: metric.dimensionPairs, factory: factory)
      timers[key] = timer
      return timer
    }
  }

  private func gauge(for key: Key, _ metric: LoyaltyMetric) -> Gauge {
    gauges.withLock { gauges in
      if let gauge = gauges[key] { return gauge }
      let gauge = Gauge(label: metric.name, dimensions: metric.dimensionPairs, factory: factory)
      gauges[key] = gauge
      return gauge
    }
  }
}
