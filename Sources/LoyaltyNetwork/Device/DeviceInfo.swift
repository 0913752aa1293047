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

  /// The seed's names (its "Device Info Payload").
  enum CodingKeys: String, CodingKey {
    case deviceToken = "device_token"
    case platform, vendor
    case osVersion = "os_version"
    case uniqueDeviceID = "unique_device_id"
    case systemName = "ios_system_name"
    case systemVersion = "ios_system_version"
    case model = "ios_model"
    case locale = "ios_locale"
    case languages = "ios_languages"
    case screenResolution = "screen_resolution"
    case bundleIdentifier = "bundle_identifier"
    case appVersion = "app_version"
    case appBuild = "app_build"
    case sdkVersion = "sdk_version"
    case development
  }
}
