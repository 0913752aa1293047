/// What the analytics pipeline has done so far.
public struct AnalyticsStatistics: Sendable, Equatable {
  /// Events tracked (after plugins).
  public var tracked = 0
  /// Events dropped by a plugin.
  public var droppedByPlugins = 0
  /// Events the server accepted.
  public var uploaded = 0
  /// Of those, events the server had already received.
  public var duplicates = 0
  /// Events dropped because the server rejected them.
  public var rejected = 0
  /// Events dropped after too many attempts or too long.
  public var expired = 0
  /// Events dropped because the server found each too large.
  public var tooLarge = 0
  /// Upload requests made.
  public var uploads = 0
  /// Uploads that failed and will be retried.
  public var failedUploads = 0
  /// Events dropped because the queue was full (the oldest go first).
  public var droppedByCapacity = 0
  /// Events waiting in the queue.
  public var pending = 0
  /// Events moved to quarantine because they could not be read.
  public var quarantined = 0
  /// Events tracked while the user had analytics off: recorded nowhere, never sent.
  public var droppedByPrivacy = 0
  /// Queued events deleted because the user turned analytics off.
  public var deletedByPrivacy = 0
}
