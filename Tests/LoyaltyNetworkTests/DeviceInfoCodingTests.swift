import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("DeviceInfo keeps the seed's JSON")
struct DeviceInfoCodingTests {
  static let full = DeviceInfo(
    deviceToken: "token", platform: "ios", vendor: "apple", osVersion: "17.2",
    uniqueDeviceID: "IDFV-1", systemName: "iOS", systemVersion: "17.2", model: "iPhone15,2",
    locale: "el_GR", languages: ["el", "en"], screenResolution: "1179x2556",
    bundleIdentifier: "com.example.app", appVersion: "4.2.0", appBuild: "421",
    sdkVersion: "1.0.0", development: true)

  static let fullJSON = """
    {"device_token": "token", "platform": "ios", "vendor": "apple", "os_version": "17.2",
     "unique_device_id": "IDFV-1", "ios_system_name": "iOS", "ios_system_version": "17.2",
     "ios_model": "iPhone15,2", "ios_locale": "el_GR", "ios_languages": ["el", "en"],
     "screen_resolution": "1179x2556", "bundle_identifier": "com.example.app",
     "app_version": "4.2.0", "app_build": "421", "sdk_version": "1.0.0", "development": true}
    """

  static let bareJSON = """
    {"platform": "linux", "vendor": "linux", "os_version": "6.8", "unique_device_id": "d-1",
     "ios_system_name": "Linux", "ios_system_version": "6.8", "ios_locale": "en_US",
     "ios_languages": ["en"], "bundle_identifier": "app", "sdk_version": "1.0.0",
     "development": false}
    """

  @Test("every field set: each key by the seed's name, each value")
  func full() throws {
    let body = try JSONValue(parsing: JSONEncoder().encode(Self.full))
    #expect(try body == JSONValue(parsing: Data(Self.fullJSON.utf8)))
    #expect(try JSONDecoder().decode(DeviceInfo.self, from: Data(Self.fullJSON.utf8)) == Self.full)
  }

  @Test("absent or null optionals decode as nil and nil is left out")
  func optionals() throws {
    let bare = try JSONDecoder().decode(DeviceInfo.self, from: Data(Self.bareJSON.utf8))
    #expect(bare.deviceToken == nil && bare.model == nil && bare.screenResolution == nil)
    #expect(bare.appVersion == nil && bare.appBuild == nil)
    #expect(bare.systemName == "Linux" && bare.languages == ["en"] && !bare.development)
    #expect(
      try JSONValue(parsing: JSONEncoder().encode(bare))
        == JSONValue(parsing: Data(Self.bareJSON.utf8)))
    let nulls = Self.bareJSON.replacingOccurrences(
      of: "{\"platform\"", with: "{\"device_token\": null, \"ios_model\": null, \"platform\"")
    #expect(try JSONDecoder().decode(DeviceInfo.self, from: Data(nulls.utf8)) == bare)
  }

  @Test("a missing required field throws")
  func missingRequired() {
    let json = Self.bareJSON.replacingOccurrences(of: "\"ios_locale\": \"en_US\",", with: "")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(DeviceInfo.self, from: Data(json.utf8))
    }
  }
}
