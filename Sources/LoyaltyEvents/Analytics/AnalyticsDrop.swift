/// Events the pipeline gave up on, reported to the host.
public struct AnalyticsDrop: Sendable, Equatable {
  /// Why they were dropped.
  public enum Reason: Sendable, Equatable {
    /// The server rejected them as invalid (400), with its message.
    case rejected(message: String?)
    /// They failed `maxAttempts` uploads or grew older than `maxAge`.
    case expired
    /// A single event the server found too large (413).
    case tooLarge
  }

  /// The dropped events' ids.
  public let ids: [String]
  /// Why.
  public let reason: Reason

  /// Creates a report.
  public init(ids: [String], reason: Reason) {
    self.ids = ids
    self.reason = reason
  }
}
