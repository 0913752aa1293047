public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Darwin)
  import Foundation
#endif

/// The default provider: this machine as the platform describes it, with the
/// configuration's ``LoyaltyCore/DeviceConfiguration`` overrides applied.
///
/// - The device fields come from the ``DeviceIdentity`` (the one the standard headers
///   send), the locale and languages from `Locale`.
/// - `app_version` and `app_build` are the configuration's, or else the main bundle's
///   `CFBundleShortVersionString` and `CFBundleVersion` on Apple platforms; on Linux,
///   where there is no bundle, they are left out unless configured.
/// - `ios_model` and `screen_resolution` are left out unless known or configured.
/// - `development` is the configuration's, or else whether the SDK was built for
///   debugging, as the seed decides it.
public struct SystemDeviceInfoProvider: DeviceInfoProvider {
  private let configuration: LoyaltyConfiguration
  private let store: any KeyValueStore
  private let identity: DeviceIdentity?
  private let appVersion: String?
  private let appBuild: String?
  private let development: Bool?

  /// Creates a provider.
  /// - Parameters:
  ///   - configuration: The SDK configuration: the bundle identifier and the device
  ///     overrides.
  ///   - store: Where the device id is kept.
  ///   - identity: The device the headers describe; `nil` builds it from the platform,
  ///     the configuration and `store`.
  ///   - appVersion: The host app's version; `nil` takes the configuration's or the
  ///     bundle's.
  ///   - appBuild: The host app's build; `nil` takes the configuration's or the bundle's.
  ///   - development: Whether this is a development build; `nil` takes the
  ///     configuration's or the SDK's build.
  public init(
    configuration: LoyaltyConfiguration, store: any KeyValueStore,
    identity: DeviceIdentity? = nil, appVersion: String? = nil, appBuild: String? = nil,
    development: Bool? = nil
  ) {
    self.configuration = configuration
    self.store = store
    self.identity = identity
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.development = development
  }

  public func deviceInfo(token: String?) async throws -> DeviceInfo {
    let overrides = configuration.device
    let device: DeviceIdentity
    if let identity {
      device = identity
    } else {
      device = try await DeviceIdentity.current(store: store, configuration: overrides)
    }
    return DeviceInfo(
      deviceToken: token, platform: device.platform, vendor: device.vendor,
      osVersion: device.osVersion, uniqueDeviceID: device.deviceID,
      systemName: overrides.systemName ?? Self.systemName,
      systemVersion: device.osVersion, model: device.model,
      locale: overrides.locale ?? Locale.current.identifier,
      languages: overrides.languages ?? Locale.preferredLanguages,
      screenResolution: overrides.screenResolution,
      bundleIdentifier: configuration.bundleID,
      appVersion: appVersion ?? overrides.appVersion
        ?? Self.bundleValue("CFBundleShortVersionString"),
      appBuild: appBuild ?? overrides.appBuild ?? Self.bundleValue("CFBundleVersion"),
      sdkVersion: StandardHeadersMiddleware.sdkVersion,
      development: development ?? overrides.development ?? Self.isDebugBuild)
  }

  /// The system's name as iOS's `UIDevice.systemName` writes it.
  static var systemName: String {
    #if os(iOS)
      "iOS"
    #elseif os(macOS)
      "macOS"
    #elseif os(tvOS)
      "tvOS"
    #elseif os(watchOS)
      "watchOS"
    #elseif os(Linux)
      "Linux"
    #else
      "unknown"
    #endif
  }

  /// Whether the SDK was compiled for debugging: the seed's `development` flag.
  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// A string of the main bundle's Info.plist; `nil` where there is no bundle.
  static func bundleValue(_ key: String) -> String? {
    #if canImport(Darwin)
      guard let value = Bundle.main.object(forInfoDictionaryKey: key) as? String,
        !value.isEmpty
      else { return nil }
      return value
    #else
      return nil
    #endif
  }
}
