import Foundation
import LoyaltyCore
import Testing

@Suite("DeviceConfiguration")
struct DeviceConfigurationTests {
  let base = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)

  @Test("a loyalty.json without a device section decodes, with registration at start on")
  func withoutSection() throws {
    let json = #"{"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example"}"#
    let configuration = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    #expect(configuration.device == DeviceConfiguration())
    #expect(configuration.device.registersAtStart)
    #expect(configuration.device.platform == nil)
    #expect(configuration.validationErrors().isEmpty)
  }

  @Test("a device section decodes its overrides; missing fields stay unset")
  func withSection() throws {
    let json = #"""
      {"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example",
       "device": {"registersAtStart": false, "platform": "ios", "vendor": "apple",
                  "osVersion": "17.2", "languages": ["el", "en"], "development": true}}
      """#
    let device = try LoyaltyConfiguration(jsonData: Data(json.utf8)).device
    #expect(!device.registersAtStart)
    #expect(device.platform == "ios")
    #expect(device.vendor == "apple")
    #expect(device.osVersion == "17.2")
    #expect(device.languages == ["el", "en"])
    #expect(device.development == true)
    #expect(device.userAgent == nil)
    #expect(device.appVersion == nil)
  }

  @Test("a device section of the wrong type is a coding error naming the field")
  func wrongType() throws {
    let json = #"""
      {"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example",
       "device": {"registersAtStart": "yes"}}
      """#
    let error = try #require(throws: LoyaltyError.self) {
      _ = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    }
    #expect(error.code == .configurationCoding)
    #expect(error.message.contains("registersAtStart"))
  }

  @Test("the device section survives a JSON round trip and a preset change")
  func roundTrip() throws {
    var configuration = base
    configuration.device = DeviceConfiguration(
      registersAtStart: false, uniqueDeviceID: "IDFV-1", platform: "ios", vendor: "apple",
      osVersion: "17.2", model: "iPhone15,2", userAgent: "gzip", systemName: "iOS",
      locale: "el_GR", languages: ["el"], screenResolution: "1179x2556", appVersion: "4.2.0",
      appBuild: "421", development: false)
    #expect(try LoyaltyConfiguration(jsonData: configuration.jsonData()) == configuration)
    var expected = configuration.device
    expected.registersAtStart = true
    #expect(configuration.applying(.production).device == expected, "the preset's registration")
    #expect(configuration.applying(.testing).device == configuration.device)
  }

  @Test(
    "header values with CR, LF, other control characters or non-ASCII, or empty, are refused",
    arguments: ["ios\r\nX-Injected: 1", "ios\n", "", "i\u{0}os", "ïos"])
  func unsafeHeaderValues(_ value: String) {
    for path in [
      \DeviceConfiguration.platform, \.vendor, \.osVersion, \.userAgent, \.uniqueDeviceID,
    ] {
      var configuration = base
      configuration.device[keyPath: path] = value
      let errors = configuration.validationErrors()
      #expect(errors.count == 1)
      #expect(errors.first?.code == .invalidDeviceIdentity)
      #expect(errors.first?.metadata["field"]?.hasPrefix("device.") == true)
      #expect(throws: LoyaltyError.self) { try configuration.validate() }
    }
  }

  @Test("device info values may be any text without control characters")
  func bodyValues() {
    var configuration = base
    configuration.device.systemName = "iPadOS"
    configuration.device.locale = "el_GR"
    configuration.device.appVersion = "4.2.0 (βήτα)"
    configuration.device.languages = ["el", "en"]
    #expect(configuration.validationErrors().isEmpty)
    configuration.device.appBuild = "42\n"
    configuration.device.languages = ["el", ""]
    let fields = configuration.validationErrors().compactMap { $0.metadata["field"] }
    #expect(fields == ["device.appBuild", "device.languages[1]"])
  }

  @Test("the device id is a secret: masked in the summary, the description and a dump")
  func deviceIDMasked() {
    var configuration = base
    configuration.device.uniqueDeviceID = "4C1A9E2B-IDFV-SECRET"
    configuration.device.platform = "ios"
    #expect(configuration.secrets.contains("4C1A9E2B-IDFV-SECRET"))
    #expect(configuration.summary["device.uniqueDeviceID"] == "<masked, 20 characters>")
    #expect(configuration.summary["device.platform"] == "ios")
    #expect(configuration.summary["device.registersAtStart"] == "false", "the testing preset")
    var dumped = ""
    dump(configuration, to: &dumped)
    for text in [configuration.description, String(describing: configuration.device), dumped] {
      #expect(!text.contains("4C1A9E2B-IDFV-SECRET"))
    }
    #expect(dumped.contains("ios"))
  }
}
