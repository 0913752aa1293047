import LoyaltyCore

/// The pipeline's metrics, recorded only when a recorder is installed: events tracked,
/// uploaded and dropped (with the reason), and the queue's depth when it is known.
extension AnalyticsPipeline {
  /// The `reason` of an event dropped because the queue was full (the oldest go first).
  static let capacityDrop = "capacity"
  /// The `reason` of an event a `before` or `enrichment` plugin dropped.
  static let pluginDrop = "plugin"

  /// Counts one tracked event; when appending it pushed `dropped` of the oldest out, the
  /// queue holds exactly `capacity` events, a depth known without asking the queue.
  static func countTracked(dropped: Int, capacity: Int, in metrics: any MetricsRecorder) {
    metrics.record(.counter(LoyaltyMetric.Name.analyticsEventsTracked))
    guard dropped > 0 else { return }
    countDropped(dropped, reason: capacityDrop, in: metrics)
    recordDepth(capacity, in: metrics)
  }

  /// Counts `count` events the server accepted.
  static func countUploaded(_ count: Int, in metrics: any MetricsRecorder) {
    guard count > 0 else { return }
    metrics.record(.counter(LoyaltyMetric.Name.analyticsEventsUploaded, by: Int64(count)))
  }

  /// Counts `count` events given up on for `reason`.
  static func countDropped(_ count: Int, reason: String, in metrics: any MetricsRecorder) {
    guard count > 0 else { return }
    metrics.record(
      .counter(
        LoyaltyMetric.Name.analyticsEventsDropped, by: Int64(count),
        dimensions: [.init(LoyaltyMetric.DimensionKey.reason, reason)]))
  }

  /// Counts the events of `drop`, with its reason.
  static func countDropped(_ drop: AnalyticsDrop, in metrics: any MetricsRecorder) {
    countDropped(drop.ids.count, reason: reason(of: drop.reason), in: metrics)
  }

  /// Records the queue's depth.
  static func recordDepth(_ depth: Int, in metrics: any MetricsRecorder) {
    metrics.record(.gauge(LoyaltyMetric.Name.analyticsQueueDepth, level: Int64(depth)))
  }

  /// The `reason` dimension of a drop: `rejected`, `expired`, `tooLarge`.
  static func reason(of reason: AnalyticsDrop.Reason) -> String {
    switch reason {
    case .rejected: "rejected"
    case .expired: "expired"
    case .tooLarge: "tooLarge"
    }
  }
}
