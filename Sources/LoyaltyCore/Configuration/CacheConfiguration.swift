/// How the market keeps its answers on the device and how often it asks again
/// (`Docs/Offline.md`).
///
/// ```json
/// "cache": { "policy": "networkFirst", "minimumIntervals": { "coupons": 30 } }
/// ```
public struct CacheConfiguration: Sendable, Hashable, Codable {
  /// The minimum interval of each kind of answer, in seconds, when the configuration
  /// names none: what a second read within that time gets from the cache instead of the
  /// network.
  public static let defaultIntervals: [String: Double] = [
    "campaigns": 300, "coupons": 60, "coupon_sets": 300, "profile": 60, "points": 60,
    "market_pass": 60, "merchants": 3_600, "cards": 300, "single_campaign": 300,
  ]

  /// The read policy of a call that names none.
  public var policy: ReadPolicy
  /// The minimum interval of each kind of answer, in seconds (`coupons`, `campaigns`,
  /// `coupon_sets`, `profile`, `points`, `market_pass`, `merchants`, `cards`,
  /// `single_campaign`); a kind not listed uses ``defaultIntervals``, then
  /// ``fallbackInterval``. `0` asks the network on every read.
  public var minimumIntervals: [String: Double]
  /// The minimum interval of a kind neither list names, in seconds.
  public var fallbackInterval: Double
  /// How long an answer is kept, in seconds from when the server gave it: an older one is
  /// deleted when read and never shown. 30 days by default.
  public var maximumAge: Double

  /// Creates a cache configuration; the defaults are `Docs/Offline.md`'s.
  public init(
    policy: ReadPolicy = .networkFirst, minimumIntervals: [String: Double] = [:],
    fallbackInterval: Double = 60, maximumAge: Double = 30 * 86_400
  ) {
    self.policy = policy
    self.minimumIntervals = minimumIntervals
    self.fallbackInterval = fallbackInterval
    self.maximumAge = maximumAge
  }

  /// The minimum interval of `kind`, in seconds.
  public func minimumInterval(of kind: String) -> Double {
    minimumIntervals[kind] ?? Self.defaultIntervals[kind] ?? fallbackInterval
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let defaults = CacheConfiguration()
    let container = try decoder.container(keyedBy: FieldKey.self)
    policy = try container.decode("policy", default: defaults.policy)
    minimumIntervals = try container.decode("minimumIntervals", default: defaults.minimumIntervals)
    fallbackInterval = try container.decode("fallbackInterval", default: defaults.fallbackInterval)
    maximumAge = try container.decode("maximumAge", default: defaults.maximumAge)
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(policy, "policy")
    try container.encode(minimumIntervals, "minimumIntervals")
    try container.encode(fallbackInterval, "fallbackInterval")
    try container.encode(maximumAge, "maximumAge")
  }

  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    for kind in minimumIntervals.keys.stablySorted() {
      let seconds = minimumIntervals[kind] ?? 0
      errors.check(
        "cache.minimumIntervals.\(kind)", seconds: seconds, in: 0...604_800, .invalidTimeout,
        "Use between 0 s and 7 days.")
    }
    errors.check(
      "cache.fallbackInterval", seconds: fallbackInterval, in: 0...604_800, .invalidTimeout,
      "Use between 0 s and 7 days.")
    errors.check(
      "cache.maximumAge", seconds: maximumAge, in: 60...31_536_000, .invalidTimeout,
      "Use between 60 s and 365 days (the default is 30 days).")
    return errors
  }
}
