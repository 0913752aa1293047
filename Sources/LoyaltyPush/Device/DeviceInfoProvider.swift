public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Supplies the device info sent at registration. Replace it to describe a device the
/// SDK cannot see (a phone whose server-side twin runs the SDK, say).
public protocol DeviceInfoProvider: Sendable {
  /// The info for this device, with `token` as its push token.
  func deviceInfo(token: String?) async throws -> DeviceInfo
}

/// The default provider: this machine, as Foundation describes it, with the device id
/// kept in the key-value store.
public struct SystemDeviceInfoProvider: DeviceInfoProvider {
  private let configuration: LoyaltyConfiguration
  private let store: any KeyValueStore
  private let appVersion: String
  private let appBuild: String
  private let development: Bool

  /// Creates a provider.
  /// - Parameters:
  ///   - configuration: The SDK configuration (bundle identifier).
  ///   - store: Where the device id is kept.
  ///   - appVersion: The host app's version.
  ///   - appBuild: The host app's build.
  ///   - development: Whether this is a development build.
  public init(
    configuration: LoyaltyConfiguration, store: any KeyValueStore, appVersion: String = "1.0",
    appBuild: String = "1", development: Bool = false
  ) {
    self.configuration = configuration
    self.store = store
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.development = development
  }

  public func deviceInfo(token: String?) async throws -> DeviceInfo {
    let identity = try await DeviceIdentity.current(store: store)
    let process = ProcessInfo.processInfo
    #if os(Linux)
      let systemName = "Linux"
    #else
      let systemName = process.operatingSystemVersionString
    #endif
    return DeviceInfo(
      deviceToken: token, platform: identity.platform, vendor: identity.vendor,
      osVersion: identity.osVersion, uniqueDeviceID: identity.deviceID, systemName: systemName,
      locale: Locale.current.identifier, languages: Locale.preferredLanguages,
      bundleIdentifier: configuration.bundleID, appVersion: appVersion, appBuild: appBuild,
      sdkVersion: StandardHeadersMiddleware.sdkVersion, development: development)
  }
}
