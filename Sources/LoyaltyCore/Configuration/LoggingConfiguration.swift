/// What the SDK logs.
///
/// Masking of secrets is not a setting: every message is masked, always.
public struct LoggingConfiguration: Sendable, Hashable, Codable {
  /// The most verbose level logged.
  public var level: LogLevel
  /// Whether requests and responses are logged (at `debug` and `verbose`).
  public var networkLogging: Bool
  /// Whether database operations are logged.
  public var databaseLogging: Bool
  /// Whether token lifecycle events (refresh, expiry) are logged; tokens themselves
  /// never are.
  public var tokenLogging: Bool

  /// Creates a logging configuration.
  public init(
    level: LogLevel = .warning,
    networkLogging: Bool = false,
    databaseLogging: Bool = false,
    tokenLogging: Bool = false
  ) {
    self.level = level
    self.networkLogging = networkLogging
    self.databaseLogging = databaseLogging
    self.tokenLogging = tokenLogging
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = LoggingConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    level = try container.decode("level", default: defaults.level)
    networkLogging = try container.decode("networkLogging", default: defaults.networkLogging)
    databaseLogging = try container.decode("databaseLogging", default: defaults.databaseLogging)
    tokenLogging = try container.decode("tokenLogging", default: defaults.tokenLogging)
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(level, "level")
    try container.encode(networkLogging, "networkLogging")
    try container.encode(databaseLogging, "databaseLogging")
    try container.encode(tokenLogging, "tokenLogging")
  }
}
