extension CapabilityKey where Value == any MetricsRecorder {
  /// Where the SDK reports its metrics (`Docs/Metrics.md` lists them). Core provides
  /// ``NoOpMetricsRecorder``, which records nothing; override it to bridge the metrics to
  /// swift-metrics or a host's own system, or with ``InMemoryMetricsRecorder`` in tests.
  public static var metricsRecorder: Self {
    Self(
      "loyalty.metrics-recorder", summary: "a metrics recorder",
      providedBy: "LoyaltyCore (always present)")
  }
}

extension Capabilities {
  /// The metrics recorder components keep: `nil` when it is Core's
  /// ``NoOpMetricsRecorder`` (or nothing provides one), so that instrumented code pays
  /// one `nil` check, and builds no metric, until a host installs a recorder.
  ///
  /// Resolve it once, where a component is built, never per call.
  /// - Throws: ``LoyaltyError/Code/capabilityCreationFailed`` when the recorder's factory
  ///   fails, ``LoyaltyError/Code/clientShutDown`` once the client has shut down.
  public func metricsRecorder() throws -> (any MetricsRecorder)? {
    guard let recorder = try resolveIfPresent(.metricsRecorder) else { return nil }
    return recorder is NoOpMetricsRecorder ? nil : recorder
  }
}
