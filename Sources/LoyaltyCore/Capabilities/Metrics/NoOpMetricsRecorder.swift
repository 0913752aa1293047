/// The metrics recorder Core provides: it records nothing.
///
/// The SDK recognises it when it builds its components (see
/// ``Capabilities/metricsRecorder()``) and then builds no metric at all, so metrics cost
/// one `nil` check per call site until a host installs a recorder.
public struct NoOpMetricsRecorder: MetricsRecorder {
  /// Creates the recorder.
  public init() {}

  /// Does nothing.
  @inlinable
  public func record(_ metric: LoyaltyMetric) {}
}
