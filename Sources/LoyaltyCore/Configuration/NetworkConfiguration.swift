/// How requests are sent and retried.
public struct NetworkConfiguration: Sendable, Hashable, Codable {
  /// How long a request waits for a response, in seconds.
  public var requestTimeout: Double
  /// How long a whole transfer may take, in seconds.
  public var resourceTimeout: Double
  /// How many times a failed request is attempted in total.
  public var maxRetryAttempts: Int
  /// The first retry's delay, in seconds; it doubles with each attempt.
  public var retryBaseDelay: Double
  /// The longest delay between two attempts, in seconds.
  public var retryMaxDelay: Double
  /// The random share added to or taken from each delay (0.1 is ±10 %).
  public var retryJitter: Double
  /// The most requests in flight at once for one client.
  public var maxConcurrentRequests: Int
  /// The largest response body accepted, in bytes, whatever its encoding: a larger one
  /// fails with ``LoyaltyError/Code/responseTooLarge`` instead of filling memory. 10 MiB
  /// by default; between 1 KiB and 1 GiB.
  public var maxResponseBytes: Int
  /// The longest a server's `Retry-After` may hold a call back, in seconds: a larger
  /// value (years, a date in 9999, `1e300`) is cut to this and logged once. 300 s by
  /// default (chosen here); between 0 and 3600.
  public var maxRetryAfter: Double
  /// Whether requests may go over a cellular network (the seed's `allowsCellularAccess`,
  /// seed 000 line 573). Off is the high-security preset's "Wi-Fi only". The URLSession
  /// transport passes it to its session; a platform with no such notion (Linux) ignores
  /// it. On by default.
  public var allowsCellularAccess: Bool
  /// Whether the transport may answer from an HTTP cache the server's `Cache-Control`
  /// allows (the seed's `enableResponseCaching`, seed 000 line 573). The URLSession
  /// transport keeps that cache in memory only, never on disk, so nothing of it outlives
  /// the process or an erase; the market's offline cache (`Docs/Offline.md`) is separate.
  /// A platform whose URLSession does not cache ignores it. Off by default (chosen here).
  public var responseCaching: Bool

  /// The default ``maxRetryAfter``: 300 s.
  public static let defaultMaxRetryAfter: Double = 300

  /// The default ``maxResponseBytes``: 10 MiB.
  public static let defaultMaxResponseBytes = 10 * 1_024 * 1_024

  /// Creates a network configuration with the production defaults.
  public init(
    requestTimeout: Double = 30,
    resourceTimeout: Double = 60,
    maxRetryAttempts: Int = 3,
    retryBaseDelay: Double = 0.5,
    retryMaxDelay: Double = 30,
    retryJitter: Double = 0.1,
    maxConcurrentRequests: Int = 6,
    maxResponseBytes: Int = NetworkConfiguration.defaultMaxResponseBytes,
    maxRetryAfter: Double = NetworkConfiguration.defaultMaxRetryAfter,
    allowsCellularAccess: Bool = true,
    responseCaching: Bool = false
  ) {
    self.requestTimeout = requestTimeout
    self.resourceTimeout = resourceTimeout
    self.maxRetryAttempts = maxRetryAttempts
    self.retryBaseDelay = retryBaseDelay
    self.retryMaxDelay = retryMaxDelay
    self.retryJitter = retryJitter
    self.maxConcurrentRequests = maxConcurrentRequests
    self.maxResponseBytes = maxResponseBytes
    self.maxRetryAfter = maxRetryAfter
    self.allowsCellularAccess = allowsCellularAccess
    self.responseCaching = responseCaching
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = NetworkConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    requestTimeout = try container.decode("requestTimeout", default: defaults.requestTimeout)
    resourceTimeout = try container.decode("resourceTimeout", default: defaults.resourceTimeout)
    maxRetryAttempts = try container.decode("maxRetryAttempts", default: defaults.maxRetryAttempts)
    retryBaseDelay = try container.decode("retryBaseDelay", default: defaults.retryBaseDelay)
    retryMaxDelay = try container.decode("retryMaxDelay", default: defaults.retryMaxDelay)
    retryJitter = try container.decode("retryJitter", default: defaults.retryJitter)
    maxConcurrentRequests = try container.decode(
      "maxConcurrentRequests", default: defaults.maxConcurrentRequests)
    maxResponseBytes = try container.decode("maxResponseBytes", default: defaults.maxResponseBytes)
    maxRetryAfter = try container.decode("maxRetryAfter", default: defaults.maxRetryAfter)
    allowsCellularAccess = try container.decode(
      "allowsCellularAccess", default: defaults.allowsCellularAccess)
    responseCaching = try container.decode("responseCaching", default: defaults.responseCaching)
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(requestTimeout, "requestTimeout")
    try container.encode(resourceTimeout, "resourceTimeout")
    try container.encode(maxRetryAttempts, "maxRetryAttempts")
    try container.encode(retryBaseDelay, "retryBaseDelay")
    try container.encode(retryMaxDelay, "retryMaxDelay")
    try container.encode(retryJitter, "retryJitter")
    try container.encode(maxConcurrentRequests, "maxConcurrentRequests")
    try container.encode(maxResponseBytes, "maxResponseBytes")
    try container.encode(maxRetryAfter, "maxRetryAfter")
    try container.encode(allowsCellularAccess, "allowsCellularAccess")
    try container.encode(responseCaching, "responseCaching")
  }

  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    errors.check(
      "network.requestTimeout", seconds: requestTimeout, in: 1...300, .invalidTimeout,
      "Use a request timeout between 1 and 300 seconds.")
    // Compared rather than made a range: `requestTimeout...3_600` traps when the request
    // timeout is above 3600 s.
    errors.check(
      "network.resourceTimeout", seconds: resourceTimeout,
      isValid: resourceTimeout >= requestTimeout && resourceTimeout <= 3_600, .invalidTimeout,
      "Use a resource timeout no shorter than the request timeout and at most 3600 s.")
    errors.check(
      "network.maxRetryAttempts", maxRetryAttempts, in: 1...10, .invalidRetryAttempts,
      "Use between 1 (no retry) and 10 attempts.")
    if !(0...60).contains(retryBaseDelay)
      || !(retryMaxDelay >= retryBaseDelay && retryMaxDelay <= 3_600)
      || !(0...1).contains(retryJitter)
    {
      errors.appendSetting(
        .invalidRetryDelay, field: retryDelayField,
        "network retry delays are base \(retryBaseDelay) s, max \(retryMaxDelay) s, "
          + "jitter \(retryJitter).",
        "Use a base delay of 0...60 s, a maximum no shorter than the base and at most "
          + "3600 s, and a jitter of 0...1.")
    }
    errors.check(
      "network.maxConcurrentRequests", maxConcurrentRequests, in: 1...64,
      .invalidConcurrencyLimit, "Use between 1 and 64 requests in flight (the default is 6).")
    errors.check(
      "network.maxResponseBytes", maxResponseBytes, in: 1_024...1_073_741_824,
      .invalidResponseLimit, "Use between 1 KiB (1024) and 1 GiB (1073741824) bytes.")
    errors.check(
      "network.maxRetryAfter", seconds: maxRetryAfter, in: 0...3_600, .invalidRetryDelay,
      "Use between 0 and 3600 seconds (the default is 300).")
    return errors
  }

  /// The first retry delay setting out of range, as the JSON key path names it.
  private var retryDelayField: String {
    if !(0...60).contains(retryBaseDelay) { return "network.retryBaseDelay" }
    if !(0...1).contains(retryJitter) { return "network.retryJitter" }
    return "network.retryMaxDelay"
  }
}
