/// Where a plugin runs in the pipeline, in order.
public enum AnalyticsPluginStage: Int, Sendable, CaseIterable, Comparable {
  /// First, before anything else: may change or drop the event.
  case before
  /// Adds data: may change or drop the event.
  case enrichment
  /// After the event is queued: forwards it elsewhere (the host's own analytics).
  case destination
  /// Last: sees the event as it was queued.
  case after

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A step of the analytics pipeline, added, found and removed at run time.
///
/// `before` and `enrichment` plugins run before the event is queued: returning `nil`
/// drops it, returning a changed event changes what is queued. `destination` and
/// `after` plugins see the queued event; what they return is ignored.
public protocol AnalyticsPlugin: Sendable {
  /// The plugin's name, unique in a pipeline.
  var name: String { get }
  /// Where it runs.
  var stage: AnalyticsPluginStage { get }
  /// Handles one event.
  func process(_ event: AnalyticsEvent) async -> AnalyticsEvent?
}
