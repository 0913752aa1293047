import LoyaltyCore

/// What device registration tells the backend about this installation: the body of
/// `POST /api/async/info/{appUUID}/`, `{"device_info": {...}}`, with the seed's field
/// names.
///
/// Optional fields are left out of the body when `nil`: values the platform cannot know
/// and the host did not set are never invented.
public struct DeviceInfo: Sendable, Hashable, Codable {
  /// `device_token`: the push token, when the host has one.
  public var deviceToken: String?
  /// `platform`: `ios`, `linux`.
  public var platform: String
  /// `vendor`: `apple`, `linux`.
  public var vendor: String
  /// `os_version`: `17.2`.
  public var osVersion: String
  /// `unique_device_id`: a stable id for this installation.
  public var uniqueDeviceID: String
  /// `ios_system_name`: `iOS`, `macOS`, `Linux`.
  public var systemName: String
  /// `ios_system_version`: the OS version, `17.2`.
  public var systemVersion: String
  /// `ios_model`: the hardware model, `iPhone15,2`; `nil` when unknown.
  public var model: String?
  /// `ios_locale`: the locale identifier, `en_US`.
  public var locale: String
  /// `ios_languages`: the preferred languages, `["en", "el"]`.
  public var languages: [String]
  /// `screen_resolution`: `1179x2556`; `nil` when unknown.
  public var screenResolution: String?
  /// `bundle_identifier`: the app's bundle identifier.
  public var bundleIdentifier: String
  /// `app_version`: the app's version, `4.2.0`; `nil` when unknown.
  public var appVersion: String?
  /// `app_build`: the app's build, `421`; `nil` when unknown.
  public var appBuild: String?
  /// `sdk_version`: the SDK's version.
  public var sdkVersion: String
  /// `development`: whether this is a development (debug) build.
  public var development: Bool

  /// Creates device info.
  public init(
    deviceToken: String?, platform: String, vendor: String, osVersion: String,
    uniqueDeviceID: String, systemName: String, systemVersion: String, model: String?,
    locale: String, languages: [String], screenResolution: String?,
    bundleIdentifier: String, appVersion: String?, appBuild: String?, sdkVersion: String,
    development: Bool
  ) {
    self.deviceToken = deviceToken
    self.platform = platform
    self.vendor = vendor
    self.osVersion = osVersion
    self.uniqueDeviceID = uniqueDeviceID
    self.systemName = systemName
    self.systemVersion = systemVersion
    self.model = model
    self.locale = locale
    self.languages = languages
    self.screenResolution = screenResolution
    self.bundleIdentifier = bundleIdentifier
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.sdkVersion = sdkVersion
    self.development = development
  }
}

extension DeviceInfo {
  /// Decodes device info by the seed's names (its "Device Info Payload"); optional fields
  /// may be absent or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    deviceToken = try container.decodeIfPresent("device_token")
    platform = try container.decode("platform")
    vendor = try container.decode("vendor")
    osVersion = try container.decode("os_version")
    uniqueDeviceID = try container.decode("unique_device_id")
    systemName = try container.decode("ios_system_name")
    systemVersion = try container.decode("ios_system_version")
    model = try container.decodeIfPresent("ios_model")
    locale = try container.decode("ios_locale")
    languages = try container.decode("ios_languages")
    screenResolution = try container.decodeIfPresent("screen_resolution")
    bundleIdentifier = try container.decode("bundle_identifier")
    appVersion = try container.decodeIfPresent("app_version")
    appBuild = try container.decodeIfPresent("app_build")
    sdkVersion = try container.decode("sdk_version")
    development = try container.decode("development")
  }

  /// Encodes device info by the seed's names; `nil` fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encodeIfPresent(deviceToken, "device_token")
    try container.encode(platform, "platform")
    try container.encode(vendor, "vendor")
    try container.encode(osVersion, "os_version")
    try container.encode(uniqueDeviceID, "unique_device_id")
    try container.encode(systemName, "ios_system_name")
    try container.encode(systemVersion, "ios_system_version")
    try container.encodeIfPresent(model, "ios_model")
    try container.encode(locale, "ios_locale")
    try container.encode(languages, "ios_languages")
    try container.encodeIfPresent(screenResolution, "screen_resolution")
    try container.encode(bundleIdentifier, "bundle_identifier")
    try container.encodeIfPresent(appVersion, "app_version")
    try container.encodeIfPresent(appBuild, "app_build")
    try container.encode(sdkVersion, "sdk_version")
    try container.encode(development, "development")
  }
}
