public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Who the device is, as the standard headers and device registration describe it.
public struct DeviceIdentity: Sendable, Hashable, Codable {
  /// A stable id for this installation (`unique-device-id`).
  public var deviceID: String
  /// The platform (`platform`, and the prefix of `loyalty-bundle-id`): `linux`, `ios`.
  public var platform: String
  /// The vendor (`vendor`).
  public var vendor: String
  /// The operating system's version (`os_version`).
  public var osVersion: String

  /// Creates an identity.
  public init(deviceID: String, platform: String, vendor: String, osVersion: String) {
    self.deviceID = deviceID
    self.platform = platform
    self.vendor = vendor
    self.osVersion = osVersion
  }

  /// The key the generated device id is kept under in the key-value store.
  public static let storageKey = "loyalty.unique-device-id"

  /// This machine's identity: the platform and OS version from the system, and a random
  /// device id created once and kept in `store`.
  public static func current(store: any KeyValueStore) async throws -> DeviceIdentity {
    let deviceID: String
    if let stored = try await store.value(String.self, forKey: storageKey), !stored.isEmpty {
      deviceID = stored
    } else {
      deviceID = UUID().uuidString.lowercased()
      try await store.set(deviceID, forKey: storageKey)
    }
    let version = ProcessInfo.processInfo.operatingSystemVersion
    #if os(Linux)
      let platform = "linux"
      let vendor = "linux"
    #elseif os(iOS)
      let platform = "ios"
      let vendor = "apple"
    #elseif os(macOS)
      let platform = "macos"
      let vendor = "apple"
    #else
      let platform = "other"
      let vendor = "unknown"
    #endif
    return DeviceIdentity(
      deviceID: deviceID, platform: platform, vendor: vendor,
      osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)")
  }
}
