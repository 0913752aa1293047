/// How much the SDK logs.
///
/// A logger set to a level emits messages of that level and every more severe one:
/// `.warning` emits errors and warnings; `.none` emits nothing.
public enum LogLevel: String, Sendable, Codable, CaseIterable, Comparable {
  /// Nothing is logged.
  case none
  /// Failures the host should know about.
  case error
  /// Unexpected situations the SDK recovered from.
  case warning
  /// Milestones: start-up, login, flushes.
  case info
  /// Details useful while integrating.
  case debug
  /// Everything, including request and response summaries.
  case verbose

  private var rank: Int {
    switch self {
    case .none: 0
    case .error: 1
    case .warning: 2
    case .info: 3
    case .debug: 4
    case .verbose: 5
    }
  }

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }

  /// Whether a logger set to this level emits a message of `messageLevel`.
  public func allows(_ messageLevel: LogLevel) -> Bool {
    self != .none && messageLevel != .none && messageLevel <= self
  }
}
