/// What one location update did.
public struct LocationUpdateResult: Sendable, Hashable {
  /// The transitions, exits first, then entries, then dwells.
  public let transitions: [GeofenceTransition]
  /// For each entry, whether a notification was allowed, or why not.
  public let notifications: [EntryDecision]
  /// A new choice of regions, when the user moved far enough (or had none); register it.
  public let regions: RegionSelection?
  /// Why the update was ignored, when it was.
  public let ignored: IgnoredUpdate?

  /// Creates a result.
  public init(
    transitions: [GeofenceTransition] = [], notifications: [EntryDecision] = [],
    regions: RegionSelection? = nil, ignored: IgnoredUpdate? = nil
  ) {
    self.transitions = transitions
    self.notifications = notifications
    self.regions = regions
    self.ignored = ignored
  }
}
