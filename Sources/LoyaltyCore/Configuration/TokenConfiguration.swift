/// How the session's tokens are refreshed.
public struct TokenConfiguration: Sendable, Hashable, Codable {
  /// How many times a refresh call is attempted before the session fails.
  public var maxRetryAttempts: Int
  /// The delay before each attempt, in seconds; one per attempt.
  public var retryDelays: [Double]
  /// Consecutive refresh failures that open the circuit breaker.
  public var circuitBreakerThreshold: Int
  /// How long the open circuit breaker blocks refresh calls, in seconds.
  public var circuitBreakerResetTime: Double
  /// How long before the access token expires a proactive refresh happens, in seconds.
  public var refreshThreshold: Double
  /// How long a refresh call may take, in seconds.
  public var refreshTimeout: Double
  /// How long a login (or a host's token provider) may take, in seconds.
  public var loginTimeout: Double
  /// How long tokens read from storage are cached in memory, in seconds.
  public var cacheDuration: Double
  /// How old a token from the host's token provider may be when the app becomes active
  /// before the provider is asked for a new one, in seconds: 20 hours, the seed's rule
  /// (seed 002: "when the app returns to foreground after 20+ hours").
  public var providerTokenMaxAge: Double

  /// Creates a token configuration with the production defaults.
  public init(
    maxRetryAttempts: Int = 3,
    retryDelays: [Double] = [0, 1, 5],
    circuitBreakerThreshold: Int = 5,
    circuitBreakerResetTime: Double = 300,
    refreshThreshold: Double = 300,
    refreshTimeout: Double = 30,
    loginTimeout: Double = 30,
    cacheDuration: Double = 60,
    providerTokenMaxAge: Double = 72_000
  ) {
    self.maxRetryAttempts = maxRetryAttempts
    self.retryDelays = retryDelays
    self.circuitBreakerThreshold = circuitBreakerThreshold
    self.circuitBreakerResetTime = circuitBreakerResetTime
    self.refreshThreshold = refreshThreshold
    self.refreshTimeout = refreshTimeout
    self.loginTimeout = loginTimeout
    self.cacheDuration = cacheDuration
    self.providerTokenMaxAge = providerTokenMaxAge
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = TokenConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    maxRetryAttempts = try container.decode("maxRetryAttempts", default: defaults.maxRetryAttempts)
    retryDelays = try container.decode("retryDelays", default: defaults.retryDelays)
    circuitBreakerThreshold = try container.decode(
      "circuitBreakerThreshold", default: defaults.circuitBreakerThreshold)
    circuitBreakerResetTime = try container.decode(
      "circuitBreakerResetTime", default: defaults.circuitBreakerResetTime)
    refreshThreshold = try container.decode("refreshThreshold", default: defaults.refreshThreshold)
    refreshTimeout = try container.decode("refreshTimeout", default: defaults.refreshTimeout)
    loginTimeout = try container.decode("loginTimeout", default: defaults.loginTimeout)
    cacheDuration = try container.decode("cacheDuration", default: defaults.cacheDuration)
    providerTokenMaxAge = try container.decode(
      "providerTokenMaxAge", default: defaults.providerTokenMaxAge)
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(maxRetryAttempts, "maxRetryAttempts")
    try container.encode(retryDelays, "retryDelays")
    try container.encode(circuitBreakerThreshold, "circuitBreakerThreshold")
    try container.encode(circuitBreakerResetTime, "circuitBreakerResetTime")
    try container.encode(refreshThreshold, "refreshThreshold")
    try container.encode(refreshTimeout, "refreshTimeout")
    try container.encode(loginTimeout, "loginTimeout")
    try container.encode(cacheDuration, "cacheDuration")
    try container.encode(providerTokenMaxAge, "providerTokenMaxAge")
  }

  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    errors.check(
      "token.maxRetryAttempts", maxRetryAttempts, in: 1...10, .invalidRetryAttempts,
      "Use between 1 and 10 refresh attempts.")
    if retryDelays.count != maxRetryAttempts {
      errors.appendSetting(
        .retryDelaysMismatch, field: "token.retryDelays",
        "token.retryDelays has \(retryDelays.count) delays for \(maxRetryAttempts) attempts.",
        "Give one delay per attempt, for example [0, 1, 5] for 3.")
    }
    if retryDelays.contains(where: { !(0...300).contains($0) }) {
      errors.appendSetting(
        .invalidRetryDelay, field: "token.retryDelays",
        "token.retryDelays has a delay outside 0...300 s.",
        "Use delays between 0 and 300 seconds.")
    }
    if !(1...100).contains(circuitBreakerThreshold)
      || !(1...86_400).contains(circuitBreakerResetTime)
    {
      errors.appendSetting(
        .invalidCircuitBreaker,
        field: (1...100).contains(circuitBreakerThreshold)
          ? "token.circuitBreakerResetTime" : "token.circuitBreakerThreshold",
        "token.circuitBreakerThreshold is \(circuitBreakerThreshold) and "
          + "token.circuitBreakerResetTime is \(circuitBreakerResetTime) s.",
        "Use a threshold between 1 and 100 failures and a reset time between 1 s and 1 day.")
    }
    errors.check(
      "token.refreshThreshold", seconds: refreshThreshold, in: 0...3_600,
      .invalidRefreshThreshold, "Use between 0 and 3600 seconds (the default is 300).")
    errors.check(
      "token.refreshTimeout", seconds: refreshTimeout, in: 1...300, .invalidTimeout,
      "Use a timeout between 1 and 300 seconds.")
    errors.check(
      "token.loginTimeout", seconds: loginTimeout, in: 1...300, .invalidTimeout,
      "Use a timeout between 1 and 300 seconds.")
    errors.check(
      "token.cacheDuration", seconds: cacheDuration, in: 0...3_600, .invalidTimeout,
      "Use between 0 and 3600 seconds (the default is 60).")
    errors.check(
      "token.providerTokenMaxAge", seconds: providerTokenMaxAge, in: 60...604_800,
      .invalidTimeout, "Use between 60 s and 7 days (the default is 20 hours).")
    return errors
  }
}
