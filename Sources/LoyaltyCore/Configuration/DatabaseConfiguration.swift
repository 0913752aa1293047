/// How the local database behaves.
public struct DatabaseConfiguration: Sendable, Hashable, Codable {
  /// Whether tokens and other sensitive fields are encrypted at rest (needs a field
  /// cipher, from LoyaltySecurity).
  public var encryptionEnabled: Bool
  /// Whether SQLite runs in write-ahead-log mode.
  public var walMode: Bool
  /// SQLite's page cache size, in KiB.
  public var cacheSizeKiB: Int
  /// How long a writer waits for a lock before failing, in seconds.
  public var busyTimeout: Double
  /// The directory holding the database file; `nil` lets LoyaltyStore choose the
  /// platform's application-support directory.
  public var directory: String?

  /// Creates a database configuration.
  public init(
    encryptionEnabled: Bool = true,
    walMode: Bool = true,
    cacheSizeKiB: Int = 2_048,
    busyTimeout: Double = 5,
    directory: String? = nil
  ) {
    self.encryptionEnabled = encryptionEnabled
    self.walMode = walMode
    self.cacheSizeKiB = cacheSizeKiB
    self.busyTimeout = busyTimeout
    self.directory = directory
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = DatabaseConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    encryptionEnabled = try container.decode(
      "encryptionEnabled", default: defaults.encryptionEnabled)
    walMode = try container.decode("walMode", default: defaults.walMode)
    cacheSizeKiB = try container.decode("cacheSizeKiB", default: defaults.cacheSizeKiB)
    busyTimeout = try container.decode("busyTimeout", default: defaults.busyTimeout)
    directory = try container.decodeIfPresent("directory")
  }

  /// Encodes every field; `directory` only when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(encryptionEnabled, "encryptionEnabled")
    try container.encode(walMode, "walMode")
    try container.encode(cacheSizeKiB, "cacheSizeKiB")
    try container.encode(busyTimeout, "busyTimeout")
    try container.encodeIfPresent(directory, "directory")
  }

  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    errors.check(
      "database.cacheSizeKiB", cacheSizeKiB, in: 64...1_048_576, .invalidCacheSize,
      "Use a cache size between 64 KiB and 1 GiB (1048576 KiB).")
    errors.check(
      "database.busyTimeout", seconds: busyTimeout, in: 0...600, .invalidTimeout,
      "Use a busy timeout between 0 and 600 seconds.")
    return errors
  }
}
