/// Who the device says it is: the standard headers (`User-Agent`, `unique-device-id`,
/// `vendor`, `platform`, `os_version`, the prefix of `loyalty-bundle-id`) and the device
/// info registration sends, and whether the client registers the device at start.
///
/// Every value is an override: `nil` takes what the platform reports (see
/// `Docs/Network.md` for the defaults on iOS, macOS and Linux). A host that works on
/// behalf of another device (a proxy, a test rig, a server-side integration) sets them so
/// that it presents as that device:
///
/// ```swift
/// configuration.device.platform = "ios"
/// configuration.device.vendor = "apple"
/// configuration.device.osVersion = "17.2"
/// configuration.device.model = "iPhone15,2"
/// configuration.device.appVersion = "4.2.0"
/// ```
///
/// The unique device id is a secret like the API key: it is masked in the description,
/// the summary and every log line.
public struct DeviceConfiguration: Sendable, Hashable, Codable {
  /// Whether a client with the network module registers the device at start, when its
  /// info changed since the last successful registration. On by default.
  public var registersAtStart: Bool
  /// `unique-device-id` and `unique_device_id`; `nil` uses an id created once and kept
  /// in the key-value store.
  public var uniqueDeviceID: String?
  /// `platform` and the prefix of `loyalty-bundle-id`: `ios` on iOS.
  public var platform: String?
  /// `vendor`: `apple` on Apple platforms.
  public var vendor: String?
  /// `os_version` and `ios_system_version`: `17.2`.
  public var osVersion: String?
  /// `ios_model`: the hardware model, `iPhone15,2`. Left out of the device info when
  /// neither set nor known.
  public var model: String?
  /// `User-Agent`: `gzip`, the seed's value, by default.
  public var userAgent: String?
  /// `ios_system_name`: `iOS`, `macOS`, `Linux`.
  public var systemName: String?
  /// `ios_locale`: `en_US`.
  public var locale: String?
  /// `ios_languages`: `["en", "el"]`.
  public var languages: [String]?
  /// `screen_resolution`: `1179x2556`. Left out of the device info when not set.
  public var screenResolution: String?
  /// `app_version`; `nil` reads `CFBundleShortVersionString` of the main bundle where
  /// there is one, and is left out of the device info where there is none.
  public var appVersion: String?
  /// `app_build`; `nil` reads `CFBundleVersion` of the main bundle where there is one,
  /// and is left out of the device info where there is none.
  public var appBuild: String?
  /// `development`; `nil` is `true` in a debug build of the SDK, `false` in a release
  /// build.
  public var development: Bool?

  /// The `User-Agent` the seed sends, and the default everywhere.
  public static let defaultUserAgent = "gzip"

  /// Creates a device configuration; every override is unset by default.
  public init(
    registersAtStart: Bool = true,
    uniqueDeviceID: String? = nil,
    platform: String? = nil,
    vendor: String? = nil,
    osVersion: String? = nil,
    model: String? = nil,
    userAgent: String? = nil,
    systemName: String? = nil,
    locale: String? = nil,
    languages: [String]? = nil,
    screenResolution: String? = nil,
    appVersion: String? = nil,
    appBuild: String? = nil,
    development: Bool? = nil
  ) {
    self.registersAtStart = registersAtStart
    self.uniqueDeviceID = uniqueDeviceID
    self.platform = platform
    self.vendor = vendor
    self.osVersion = osVersion
    self.model = model
    self.userAgent = userAgent
    self.systemName = systemName
    self.locale = locale
    self.languages = languages
    self.screenResolution = screenResolution
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.development = development
  }

  /// Decodes a configuration; missing fields take their default values.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    registersAtStart = try container.decode("registersAtStart", default: true)
    uniqueDeviceID = try container.decodeIfPresent("uniqueDeviceID")
    platform = try container.decodeIfPresent("platform")
    vendor = try container.decodeIfPresent("vendor")
    osVersion = try container.decodeIfPresent("osVersion")
    model = try container.decodeIfPresent("model")
    userAgent = try container.decodeIfPresent("userAgent")
    systemName = try container.decodeIfPresent("systemName")
    locale = try container.decodeIfPresent("locale")
    languages = try container.decodeIfPresent("languages")
    screenResolution = try container.decodeIfPresent("screenResolution")
    appVersion = try container.decodeIfPresent("appVersion")
    appBuild = try container.decodeIfPresent("appBuild")
    development = try container.decodeIfPresent("development")
  }

  /// Encodes `registersAtStart` and the overrides that are set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(registersAtStart, "registersAtStart")
    try container.encodeIfPresent(uniqueDeviceID, "uniqueDeviceID")
    try container.encodeIfPresent(platform, "platform")
    try container.encodeIfPresent(vendor, "vendor")
    try container.encodeIfPresent(osVersion, "osVersion")
    try container.encodeIfPresent(model, "model")
    try container.encodeIfPresent(userAgent, "userAgent")
    try container.encodeIfPresent(systemName, "systemName")
    try container.encodeIfPresent(locale, "locale")
    try container.encodeIfPresent(languages, "languages")
    try container.encodeIfPresent(screenResolution, "screenResolution")
    try container.encodeIfPresent(appVersion, "appVersion")
    try container.encodeIfPresent(appBuild, "appBuild")
    try container.encodeIfPresent(development, "development")
  }

  /// The overrides that are set, as `device.name: value` pairs, with the device id
  /// masked.
  var summary: [String: String] {
    var pairs = ["device.registersAtStart": String(registersAtStart)]
    if let uniqueDeviceID {
      pairs["device.uniqueDeviceID"] = "<masked, \(uniqueDeviceID.count) characters>"
    }
    let strings: [(String, String?)] = [
      ("platform", platform), ("vendor", vendor), ("osVersion", osVersion), ("model", model),
      ("userAgent", userAgent), ("systemName", systemName), ("locale", locale),
      ("languages", languages?.joined(separator: ", ")),
      ("screenResolution", screenResolution), ("appVersion", appVersion),
      ("appBuild", appBuild), ("development", development.map(String.init)),
    ]
    for case (let name, let value?) in strings {
      pairs["device.\(name)"] = value
    }
    return pairs
  }

  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    // Sent as header values: printable ASCII only, so no CR or LF can split a header.
    let headers: [(String, String?)] = [
      ("uniqueDeviceID", uniqueDeviceID), ("platform", platform), ("vendor", vendor),
      ("osVersion", osVersion), ("userAgent", userAgent),
    ]
    for case (let name, let value?) in headers where !Self.isHeaderSafe(value) {
      errors.appendSetting(
        .invalidDeviceIdentity, field: "device." + name,
        "device.\(name) is empty or has characters a header value may not carry.",
        "Use printable ASCII without line breaks, or leave it unset for the platform's value.")
    }
    // Sent in the device info body only: any text, but no control characters.
    var body: [(String, String?)] = [
      ("model", model), ("systemName", systemName), ("locale", locale),
      ("screenResolution", screenResolution), ("appVersion", appVersion),
      ("appBuild", appBuild),
    ]
    body += (languages ?? []).enumerated().map { ("languages[\($0.offset)]", $0.element) }
    for case (let name, let value?) in body where !Self.isPlainText(value) {
      errors.appendSetting(
        .invalidDeviceIdentity, field: "device." + name,
        "device.\(name) is empty or has control characters.",
        "Use plain text, or leave it unset for the platform's value.")
    }
    return errors
  }

  /// Non-empty printable ASCII (space to tilde).
  static func isHeaderSafe(_ value: String) -> Bool {
    !value.isEmpty && value.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
  }

  /// Non-empty text without control characters.
  static func isPlainText(_ value: String) -> Bool {
    !value.isEmpty
      && !value.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }
}

extension DeviceConfiguration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `DeviceConfiguration(device.platform: ios, ...)`: the overrides that are set, with
  /// the device id masked.
  public var description: String {
    "DeviceConfiguration(" + summary.sortedPairs(": ", separator: ", ") + ")"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// The fields, with the device id masked, so `dump` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "registersAtStart": registersAtStart,
        "uniqueDeviceID": summary["device.uniqueDeviceID"] as Any,
        "platform": platform as Any, "vendor": vendor as Any, "osVersion": osVersion as Any,
        "model": model as Any, "userAgent": userAgent as Any, "systemName": systemName as Any,
        "locale": locale as Any, "languages": languages as Any,
        "screenResolution": screenResolution as Any, "appVersion": appVersion as Any,
        "appBuild": appBuild as Any, "development": development as Any,
      ],
      displayStyle: .struct)
  }
}
