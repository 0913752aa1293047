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
  /// Whether records are also written to files in
  /// ``LoyaltyConfiguration/logDirectory`` (seed 000: `enableFileLogging`), masked as on
  /// the console; off by default. ``LoyaltyClient/eraseAllData()`` deletes the files.
  public var fileLogging: Bool
  /// The largest size of one log file in bytes before it is rotated: 1 MiB by default
  /// (a value below 1 counts as 1).
  public var maxFileSize: Int
  /// How many log files are kept, the current one included: 5 by default (a value
  /// below 1 counts as 1).
  public var maxFiles: Int

  /// Creates a logging configuration.
  public init(
    level: LogLevel = .warning,
    networkLogging: Bool = false,
    databaseLogging: Bool = false,
    tokenLogging: Bool = false,
    fileLogging: Bool = false,
    maxFileSize: Int = FileLogHandler.defaultMaxFileSize,
    maxFiles: Int = FileLogHandler.defaultMaxFiles
  ) {
    self.level = level
    self.networkLogging = networkLogging
    self.databaseLogging = databaseLogging
    self.tokenLogging = tokenLogging
    self.fileLogging = fileLogging
    self.maxFileSize = maxFileSize
    self.maxFiles = maxFiles
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = LoggingConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    level = try container.decode("level", default: defaults.level)
    networkLogging = try container.decode("networkLogging", default: defaults.networkLogging)
    databaseLogging = try container.decode("databaseLogging", default: defaults.databaseLogging)
    tokenLogging = try container.decode("tokenLogging", default: defaults.tokenLogging)
    fileLogging = try container.decode("fileLogging", default: defaults.fileLogging)
    maxFileSize = try container.decode("maxFileSize", default: defaults.maxFileSize)
    maxFiles = try container.decode("maxFiles", default: defaults.maxFiles)
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(level, "level")
    try container.encode(networkLogging, "networkLogging")
    try container.encode(databaseLogging, "databaseLogging")
    try container.encode(tokenLogging, "tokenLogging")
    try container.encode(fileLogging, "fileLogging")
    try container.encode(maxFileSize, "maxFileSize")
    try container.encode(maxFiles, "maxFiles")
  }
}
