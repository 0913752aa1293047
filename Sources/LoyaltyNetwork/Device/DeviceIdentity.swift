public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Darwin)
  import Darwin
#endif

/// Who the device is, as the standard headers and device registration describe it.
///
/// ``current(store:configuration:)`` takes the platform's values and applies the
/// configuration's ``LoyaltyCore/DeviceConfiguration`` overrides:
///
/// | | iOS | other Apple platforms | Linux |
/// |---|---|---|---|
/// | ``platform`` | `ios` | `ios` | `linux` |
/// | ``vendor`` | `apple` | `apple` | `linux` |
/// | ``osVersion`` | `17.2` | `15.1` | the kernel's, `6.8.0` |
/// | ``model`` | `iPhone15,2` | none | none |
/// | ``userAgent`` | `gzip` | `gzip` | `gzip` |
///
/// Every Apple platform sends the seed's values: a backend built from the seed knows
/// `ios` and `apple` only. A host that wants its Mac app told apart sets
/// ``LoyaltyCore/DeviceConfiguration/platform``.
public struct DeviceIdentity: Sendable, Hashable, Codable {
  /// A stable id for this installation (`unique-device-id`).
  public var deviceID: String
  /// The platform (`platform`, and the prefix of `loyalty-bundle-id`): `ios`, `linux`.
  public var platform: String
  /// The vendor (`vendor`).
  public var vendor: String
  /// The operating system's version (`os_version`).
  public var osVersion: String
  /// The hardware model (`ios_model` in the device info); `nil` when unknown.
  public var model: String?
  /// The `User-Agent` header.
  public var userAgent: String

  /// Creates an identity.
  public init(
    deviceID: String, platform: String, vendor: String, osVersion: String,
    model: String? = nil, userAgent: String = DeviceConfiguration.defaultUserAgent
  ) {
    self.deviceID = deviceID
    self.platform = platform
    self.vendor = vendor
    self.osVersion = osVersion
    self.model = model
    self.userAgent = userAgent
  }

  private enum CodingKeys: String, CodingKey {
    case deviceID, platform, vendor, osVersion, model, userAgent
  }

  /// Decodes an identity; `model` and `userAgent` may be absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    deviceID = try container.decode(String.self, forKey: .deviceID)
    platform = try container.decode(String.self, forKey: .platform)
    vendor = try container.decode(String.self, forKey: .vendor)
    osVersion = try container.decode(String.self, forKey: .osVersion)
    model = try container.decodeIfPresent(String.self, forKey: .model)
    userAgent =
      try container.decodeIfPresent(String.self, forKey: .userAgent)
      ?? DeviceConfiguration.defaultUserAgent
  }

  /// The key the generated device id is kept under in the key-value store.
  public static let storageKey = "loyalty.unique-device-id"

  /// This machine's identity with no overrides: the platform's values, and a random
  /// device id created once and kept in `store`.
  public static func current(store: any KeyValueStore) async throws -> DeviceIdentity {
    try await current(store: store, configuration: DeviceConfiguration())
  }

  /// This machine's identity with `configuration`'s overrides applied: the platform's
  /// values where a field is not set, and, unless the configuration sets it, a random
  /// device id created once and kept in `store`.
  public static func current(store: any KeyValueStore, configuration: DeviceConfiguration)
    async throws -> DeviceIdentity
  {
    let deviceID: String
    if let configured = configuration.uniqueDeviceID {
      deviceID = configured
    } else if let stored = try await store.value(String.self, forKey: storageKey),
      !stored.isEmpty
    {
      deviceID = stored
    } else {
      deviceID = UUID().uuidString.lowercased()
      try await store.set(deviceID, forKey: storageKey)
    }
    let system = platformDefaults(deviceID: deviceID)
    return DeviceIdentity(
      deviceID: deviceID,
      platform: configuration.platform ?? system.platform,
      vendor: configuration.vendor ?? system.vendor,
      osVersion: configuration.osVersion ?? system.osVersion,
      model: configuration.model ?? system.model,
      userAgent: configuration.userAgent ?? system.userAgent)
  }

  /// What this platform reports, with `deviceID`.
  static func platformDefaults(deviceID: String) -> DeviceIdentity {
    #if os(iOS)
      DeviceIdentity(
        deviceID: deviceID, platform: "ios", vendor: "apple", osVersion: osVersion(),
        model: hardwareModel())
    #elseif canImport(Darwin)
      DeviceIdentity(deviceID: deviceID, platform: "ios", vendor: "apple", osVersion: osVersion())
    #elseif os(Linux)
      DeviceIdentity(deviceID: deviceID, platform: "linux", vendor: "linux", osVersion: osVersion())
    #else
      DeviceIdentity(
        deviceID: deviceID, platform: "other", vendor: "unknown", osVersion: osVersion())
    #endif
  }

  /// The OS version as iOS writes it: `17.2`, or `17.2.1` when there is a patch number.
  static func osVersion(
    _ version: OperatingSystemVersion = ProcessInfo.processInfo.operatingSystemVersion
  ) -> String {
    let base = "\(version.majorVersion).\(version.minorVersion)"
    return version.patchVersion == 0 ? base : "\(base).\(version.patchVersion)"
  }

  #if os(iOS)
    /// The hardware model, `iPhone15,2`: the simulated one in the simulator, `uname`'s
    /// machine on a device; `nil` under Mac Catalyst, where it names the Mac's CPU.
    static func hardwareModel() -> String? {
      #if targetEnvironment(macCatalyst)
        return nil
      #elseif targetEnvironment(simulator)
        return ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"]
      #else
        var system = utsname()
        guard uname(&system) == 0 else { return nil }
        let machine = withUnsafeBytes(of: &system.machine) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return machine.isEmpty ? nil : machine
      #endif
    }
  #endif
}
