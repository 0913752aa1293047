import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyNetwork

@Suite("Device identity: standard headers and device info")
struct DeviceIdentityTests {
  static let ping = Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping")

  /// Starts a client with `adjust`ed device settings, sends one call and returns the
  /// request as sent.
  static func sentRequest(
    store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    _ adjust: (inout DeviceConfiguration) -> Void = { _ in }
  ) async throws -> HTTPRequest {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    adjust(&configuration.device)
    let transport = InMemoryHTTPTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
    }
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: transport)
    overrides.override(.keyValueStore, with: store)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    _ = try await client.network.send(ping)
    await client.shutdown()
    return try #require(transport.requests.first)
  }

  @Test("the OS version as iOS writes it: the patch number only when it is not 0")
  func osVersionForm() {
    let version = { (patch: Int) in
      OperatingSystemVersion(majorVersion: 17, minorVersion: 2, patchVersion: patch)
    }
    #expect(DeviceIdentity.osVersion(version(0)) == "17.2")
    #expect(DeviceIdentity.osVersion(version(1)) == "17.2.1")
  }

  @Test("this platform's defaults: User-Agent gzip, and the platform's own names")
  func platformDefaults() async throws {
    let store = InMemoryKeyValueStore()
    let headers = try await Self.sentRequest(store: store).headers
    #expect(headers["User-Agent"] == "gzip")
    #expect(
      headers["unique-device-id"]
        == (try await store.value(String.self, forKey: DeviceIdentity.storageKey)))
    #if canImport(Darwin)
      let (platform, vendor) = ("ios", "apple")
    #else
      let (platform, vendor) = ("linux", "linux")
    #endif
    #expect(headers["platform"] == platform)
    #expect(headers["vendor"] == vendor)
    #expect(headers["loyalty-bundle-id"] == "\(platform):com.example.app")
    let version = ProcessInfo.processInfo.operatingSystemVersion
    #expect(
      headers["os_version"]?.hasPrefix("\(version.majorVersion).\(version.minorVersion)") == true)
  }

  @Test("overrides make any host present as an iOS device, with exactly the seed's headers")
  func iOSPresentation() async throws {
    let headers = try await Self.sentRequest { device in
      device.platform = "ios"
      device.vendor = "apple"
      device.osVersion = "17.2"
      device.uniqueDeviceID = "6F1C2D3E-IDFV"
    }.headers
    // Seed, "Headers Always Sent".
    #expect(headers["User-Agent"] == "gzip")
    #expect(headers["loyalty-bundle-id"] == "ios:com.example.app")
    #expect(headers["vendor"] == "apple")
    #expect(headers["platform"] == "ios")
    #expect(headers["os_version"] == "17.2")
    #expect(headers["unique-device-id"] == "6F1C2D3E-IDFV")
    #expect(headers["channel"] == "mobile")
    #expect(headers["Accept"] == "application/json")
    #expect(headers["Accept-Encoding"] == "gzip")
  }

  @Test("a configured User-Agent and device id replace the defaults; the store is not touched")
  func userAgentOverride() async throws {
    let store = InMemoryKeyValueStore()
    let headers = try await Self.sentRequest(store: store) { device in
      device.userAgent = "okhttp/4.12"
      device.uniqueDeviceID = "host-set-id"
    }.headers
    #expect(headers["User-Agent"] == "okhttp/4.12")
    #expect(headers["unique-device-id"] == "host-set-id")
    #expect(try await store.value(String.self, forKey: DeviceIdentity.storageKey) == nil)
  }

  @Test("an identity decoded without model or userAgent takes the defaults")
  func identityDecoding() throws {
    let json = #"{"deviceID":"d","platform":"ios","vendor":"apple","osVersion":"17.2"}"#
    let identity = try JSONDecoder().decode(DeviceIdentity.self, from: Data(json.utf8))
    #expect(identity.userAgent == "gzip")
    #expect(identity.model == nil)
  }

  // MARK: Device info

  static let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)

  @Test("the device info body uses the seed's names and leaves out what nobody knows")
  func bodyNames() async throws {
    let identity = DeviceIdentity(
      deviceID: "d-1", platform: "linux", vendor: "linux", osVersion: "6.8")
    let provider = SystemDeviceInfoProvider(
      configuration: Self.configuration, store: InMemoryKeyValueStore(), identity: identity)
    let info = try await provider.deviceInfo(token: nil)
    let body = try JSONValue(parsing: JSONEncoder().encode(info))
    let keys = Set(body.objectValue?.keys.map { $0 } ?? [])
    #expect(
      keys.isSuperset(of: [
        "platform", "vendor", "os_version", "unique_device_id", "ios_system_name",
        "ios_system_version", "ios_locale", "ios_languages", "bundle_identifier",
        "sdk_version", "development",
      ]))
    for legacy in ["system_name", "locale", "languages"] {
      #expect(!keys.contains(legacy))
    }
    #expect(body["ios_system_version"] == "6.8")
    #expect(body["bundle_identifier"] == "com.example.app")
    #expect(body["sdk_version"] == .string(StandardHeadersMiddleware.sdkVersion))
    #expect(!keys.contains("device_token"), "no token yet")
    #expect(!keys.contains("screen_resolution"), "not known, not invented")
    #if os(Linux)
      #expect(body["ios_system_name"] == "Linux")
      #expect(!keys.contains("ios_model"), "not known on Linux")
      #expect(!keys.contains("app_version"), "no bundle on Linux")
      #expect(!keys.contains("app_build"), "no bundle on Linux")
    #endif
  }

  @Test("configured values fill the device info: a Linux host registering an iPhone")
  func bodyFromConfiguration() async throws {
    var configuration = Self.configuration
    configuration.device = DeviceConfiguration(
      uniqueDeviceID: "IDFV-1", platform: "ios", vendor: "apple", osVersion: "17.2",
      model: "iPhone15,2", systemName: "iOS", locale: "el_GR", languages: ["el", "en"],
      screenResolution: "1179x2556", appVersion: "4.2.0", appBuild: "421", development: true)
    let provider = SystemDeviceInfoProvider(
      configuration: configuration, store: InMemoryKeyValueStore())
    let info = try await provider.deviceInfo(token: "apns-1")
    let body = try JSONValue(parsing: JSONEncoder().encode(info))
    let expected: [String: JSONValue] = [
      "device_token": "apns-1", "platform": "ios", "vendor": "apple", "os_version": "17.2",
      "unique_device_id": "IDFV-1", "ios_system_name": "iOS", "ios_system_version": "17.2",
      "ios_model": "iPhone15,2", "ios_locale": "el_GR", "ios_languages": ["el", "en"],
      "screen_resolution": "1179x2556", "bundle_identifier": "com.example.app",
      "app_version": "4.2.0", "app_build": "421",
      "sdk_version": .string(StandardHeadersMiddleware.sdkVersion), "development": true,
    ]
    #expect(body == .object(expected))
  }

  @Test("the provider's own app version and build win over the configuration's")
  func providerArguments() async throws {
    var configuration = Self.configuration
    configuration.device.appVersion = "1.0"
    let provider = SystemDeviceInfoProvider(
      configuration: configuration, store: InMemoryKeyValueStore(), appVersion: "2.1",
      appBuild: "42", development: false)
    let info = try await provider.deviceInfo(token: nil)
    #expect(info.appVersion == "2.1")
    #expect(info.appBuild == "42")
    #expect(!info.development)
  }
}
