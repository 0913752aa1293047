/// What device registration tells the backend about this installation.
public struct DeviceInfo: Sendable, Hashable, Codable {
  /// The push token, when the host has one.
  public var deviceToken: String?
  /// `linux`, `ios`, ...
  public var platform: String
  /// The vendor.
  public var vendor: String
  /// The OS version.
  public var osVersion: String
  /// A stable id for this installation.
  public var uniqueDeviceID: String
  /// The OS name.
  public var systemName: String
  /// The locale identifier, `en_US`.
  public var locale: String
  /// The preferred languages, `["en", "el"]`.
  public var languages: [String]
  /// The app's bundle identifier.
  public var bundleIdentifier: String
  /// The app's version.
  public var appVersion: String
  /// The app's build.
  public var appBuild: String
  /// The SDK's version.
  public var sdkVersion: String
  /// Whether this is a development build.
  public var development: Bool

  /// Creates device info.
  public init(
    deviceToken: String?, platform: String, vendor: String, osVersion: String,
    uniqueDeviceID: String, systemName: String, locale: String, languages: [String],
    bundleIdentifier: String, appVersion: String, appBuild: String, sdkVersion: String,
    development: Bool
  ) {
    self.deviceToken = deviceToken
    self.platform = platform
    self.vendor = vendor
    self.osVersion = osVersion
    self.uniqueDeviceID = uniqueDeviceID
    self.systemName = systemName
    self.locale = locale
    self.languages = languages
    self.bundleIdentifier = bundleIdentifier
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.sdkVersion = sdkVersion
    self.development = development
  }

  enum CodingKeys: String, CodingKey {
    case deviceToken = "device_token"
    case platform, vendor
    case osVersion = "os_version"
    case uniqueDeviceID = "unique_device_id"
    case systemName = "system_name"
    case locale, languages
    case bundleIdentifier = "bundle_identifier"
    case appVersion = "app_version"
    case appBuild = "app_build"
    case sdkVersion = "sdk_version"
    case development
  }
}
