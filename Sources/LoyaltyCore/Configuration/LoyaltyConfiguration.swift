#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Everything a ``LoyaltyClient`` needs to know: who the app is, which backend it
/// talks to, and how each subsystem behaves.
///
/// Start from a preset and change what you need:
///
/// ```swift
/// var configuration = LoyaltyConfiguration(
///   appUUID: "0123456789abcdef0123456789abcdef",
///   merchantID: "merchant-1",
///   apiKey: apiKey,
///   bundleID: "com.example.app",
///   environment: .production,
///   preset: .production)
/// configuration.token.maxRetryAttempts = 5
/// configuration.token.retryDelays = [0, 1, 5, 10, 30]
/// try configuration.validate()
/// ```
public struct LoyaltyConfiguration: Sendable, Hashable, Codable {
  /// The application's UUID on the loyalty platform: 32 hexadecimal characters.
  public var appUUID: String
  /// The merchant id sent as `loyalty-web-id`; may be empty.
  public var merchantID: String
  /// The API key the `loyalty-signature` header is computed from. A secret: it is
  /// masked in every log line, error and summary.
  public var apiKey: String
  /// The bundle identifier sent as `loyalty-bundle-id` and used to namespace keys and
  /// databases.
  public var bundleID: String
  /// The backend.
  public var environment: LoyaltyEnvironment
  /// The default content language, a two-letter code: `el`, `en`.
  public var language: String
  /// The local database.
  public var database: DatabaseConfiguration
  /// Token refresh.
  public var token: TokenConfiguration
  /// Requests and retries.
  public var network: NetworkConfiguration
  /// Logging.
  public var logging: LoggingConfiguration
  /// The device the standard headers and the device info describe, and registration at
  /// start. Not part of a preset, except the registration at start, which the testing
  /// preset turns off: ``applying(_:)`` keeps the rest.
  public var device: DeviceConfiguration
  /// The privacy features a device starts with before its user chooses. Not part of a
  /// preset, except analytics, which the testing preset turns off: ``applying(_:)`` keeps
  /// the rest.
  public var privacy: PrivacyConfiguration
  /// The market's answers kept on the device: the read policy, the minimum intervals, how
  /// long they are kept (`Docs/Offline.md`). Not part of a preset: ``applying(_:)`` keeps
  /// it.
  public var cache: CacheConfiguration
  /// The partner's basic credentials for logins by user GUID
  /// (`session.getCosmoteUser(guid:)`); `nil` when the app has no partner login. A
  /// secret: the password is masked in every log line, error and summary. Not part of a
  /// preset.
  public var partner: PartnerCredentials?

  /// Creates a configuration from a preset.
  public init(
    appUUID: String,
    merchantID: String = "",
    apiKey: String = "",
    bundleID: String,
    environment: LoyaltyEnvironment = .production,
    language: String = "el",
    preset: Preset = .production
  ) {
    self.appUUID = appUUID
    self.merchantID = merchantID
    self.apiKey = apiKey
    self.bundleID = bundleID
    self.environment = environment
    self.language = language
    self.database = preset.database
    self.token = preset.token
    self.network = preset.network
    self.logging = preset.logging
    self.device = DeviceConfiguration()
    self.device.registersAtStart = preset.registersDeviceAtStart
    self.privacy = PrivacyConfiguration()
    if !preset.analyticsEnabled {
      self.privacy.enabled.remove(.analytics)
    }
    self.cache = CacheConfiguration()
  }

  /// The base URL requests are made against.
  public var baseURL: URL { environment.baseURL }

  /// The strings logs and errors must never show: the API key, the device id when
  /// ``DeviceConfiguration/uniqueDeviceID`` sets it, and the partner's password.
  public var secrets: [String] {
    [apiKey, device.uniqueDeviceID ?? "", partner?.password ?? ""].filter { !$0.isEmpty }
  }

  /// Decodes a configuration. `appUUID` and `bundleID` are required; every other field
  /// takes its production default when absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    appUUID = try container.decode(String.self, forKey: FieldKey("appUUID"))
    bundleID = try container.decode(String.self, forKey: FieldKey("bundleID"))
    merchantID = try container.decode("merchantID", default: "")
    apiKey = try container.decode("apiKey", default: "")
    environment = try container.decode("environment", default: .production)
    language = try container.decode("language", default: "el")
    database = try container.decode("database", default: Preset.production.database)
    token = try container.decode("token", default: Preset.production.token)
    network = try container.decode("network", default: Preset.production.network)
    logging = try container.decode("logging", default: Preset.production.logging)
    device = try container.decode("device", default: DeviceConfiguration())
    privacy = try container.decode("privacy", default: PrivacyConfiguration())
    cache = try container.decode("cache", default: CacheConfiguration())
    partner = try container.decodeIfPresent(PartnerCredentials.self, forKey: FieldKey("partner"))
  }

  /// Encodes every field, the API key and the partner's password included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(appUUID, "appUUID")
    try container.encode(merchantID, "merchantID")
    try container.encode(apiKey, "apiKey")
    try container.encode(bundleID, "bundleID")
    try container.encode(environment, "environment")
    try container.encode(language, "language")
    try container.encode(database, "database")
    try container.encode(token, "token")
    try container.encode(network, "network")
    try container.encode(logging, "logging")
    try container.encode(device, "device")
    try container.encode(privacy, "privacy")
    try container.encode(cache, "cache")
    if let partner {
      try container.encode(partner, "partner")
    }
  }
}
