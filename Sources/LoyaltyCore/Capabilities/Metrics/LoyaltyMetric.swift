/// One measurement the SDK reports to a ``MetricsRecorder``.
///
/// A metric is a name (one of ``Name``), a ``Kind`` that says how to read ``value``, and
/// ordered ``dimensions`` (swift-metrics calls them dimensions, Prometheus labels):
///
/// ```swift
/// let metric = LoyaltyMetric.counter(
///   LoyaltyMetric.Name.requests,
///   dimensions: [
///     .init(LoyaltyMetric.DimensionKey.endpoint, "campaigns"),
///     .init(LoyaltyMetric.DimensionKey.outcome, "success"),
///   ])
/// ```
///
/// The value is an `Int64` for every kind:
/// - a ``Kind/counter`` adds ``value`` (1 for one occurrence) to a running total;
/// - a ``Kind/timer`` is one duration sample, in nanoseconds, measured on a monotonic
///   clock (swift-metrics' `Timer.recordNanoseconds(_:)` takes exactly this);
/// - a ``Kind/gauge`` is the current level of something (a queue's depth), replacing
///   the previous one.
public struct LoyaltyMetric: Sendable, Hashable {
  /// The metric's name, one of ``Name`` for the SDK's own metrics.
  public var name: String
  /// How ``value`` is read.
  public var kind: Kind
  /// The increment of a counter, the nanoseconds of a timer, the level of a gauge.
  public var value: Int64
  /// The dimensions, in the order the SDK documents them for the metric.
  public var dimensions: [Dimension]

  /// Creates a metric.
  /// - Parameters:
  ///   - name: The metric's name.
  ///   - kind: How `value` is read.
  ///   - value: The increment, nanoseconds or level.
  ///   - dimensions: The dimensions, in order.
  public init(name: String, kind: Kind, value: Int64, dimensions: [Dimension] = []) {
    self.name = name
    self.kind = kind
    self.value = value
    self.dimensions = dimensions
  }

  /// A counter increment of `amount` (1 by default).
  public static func counter(
    _ name: String, by amount: Int64 = 1, dimensions: [Dimension] = []
  ) -> LoyaltyMetric {
    LoyaltyMetric(name: name, kind: .counter, value: amount, dimensions: dimensions)
  }

  /// A timer sample of `nanoseconds`.
  public static func timer(
    _ name: String, nanoseconds: Int64, dimensions: [Dimension] = []
  ) -> LoyaltyMetric {
    LoyaltyMetric(name: name, kind: .timer, value: nanoseconds, dimensions: dimensions)
  }

  /// A timer sample of `duration`, in nanoseconds: negative durations count as 0 and
  /// durations beyond `Int64.max` nanoseconds (about 292 years) as `Int64.max`.
  public static func timer(
    _ name: String, duration: Duration, dimensions: [Dimension] = []
  ) -> LoyaltyMetric {
    timer(name, nanoseconds: nanoseconds(of: duration), dimensions: dimensions)
  }

  /// A gauge reading of `level`.
  public static func gauge(
    _ name: String, level: Int64, dimensions: [Dimension] = []
  ) -> LoyaltyMetric {
    LoyaltyMetric(name: name, kind: .gauge, value: level, dimensions: dimensions)
  }

  /// The value of the dimension `key`, or `nil` when the metric has none.
  public func dimension(_ key: String) -> String? {
    dimensions.first { $0.key == key }?.value
  }

  /// The dimensions as ordered `(key, value)` pairs, the form swift-metrics takes.
  public var dimensionPairs: [(String, String)] {
    dimensions.map { ($0.key, $0.value) }
  }

  /// `duration` in whole nanoseconds, clamped to `0...Int64.max`.
  static func nanoseconds(of duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .max }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflowAgain ? .max : max(0, total)
  }
}
