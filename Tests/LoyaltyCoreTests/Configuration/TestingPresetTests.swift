import Foundation
import LoyaltyCore
import Testing

@Suite("Presets: the testing preset's analytics and registration, Wi-Fi only, response caching")
struct TestingPresetTests {
  @Test(
    "analytics, registration at start and cellular access per preset (seed 000 lines 1140-1150)",
    arguments: [
      (LoyaltyConfiguration.Preset.development, true, true, true),
      (.production, true, true, true),
      (.testing, false, false, true),
      (.highSecurity, true, true, false),
    ])
  func perPreset(
    preset: LoyaltyConfiguration.Preset, analytics: Bool, registers: Bool, cellular: Bool
  ) {
    let configuration = Fixtures.configuration(preset: preset)
    #expect(configuration.privacy.enabled.contains(.analytics) == analytics)
    #expect(preset.analyticsEnabled == analytics)
    #expect(configuration.device.registersAtStart == registers)
    #expect(preset.registersDeviceAtStart == registers)
    #expect(configuration.network.allowsCellularAccess == cellular)
    #expect(configuration.network.responseCaching == false)
    // Only analytics is taken out: every other privacy feature stays on.
    #expect(configuration.privacy.enabled.union(.analytics) == .all)
    #expect(configuration.validationErrors().isEmpty)
  }

  @Test(
    "applying the testing preset turns both off; another preset never adds what the host removed")
  func applying() {
    let testing = Fixtures.configuration(preset: .production).applying(.testing)
    #expect(!testing.privacy.enabled.contains(.analytics))
    #expect(!testing.device.registersAtStart)
    #expect(testing == Fixtures.configuration(preset: .testing))

    let back = testing.applying(.production)
    #expect(back.device.registersAtStart)
    #expect(!back.privacy.enabled.contains(.analytics), "a preset never turns a feature on")

    var optIn = Fixtures.configuration(preset: .production)
    optIn.privacy.enabled = []
    #expect(optIn.applying(.development).privacy.enabled == [])
    var keepsOthers = Fixtures.configuration(preset: .production)
    keepsOthers.privacy.enabled = [.analytics, .location]
    #expect(keepsOthers.applying(.testing).privacy.enabled == [.location])
  }

  @Test("cellular access and response caching round-trip through loyalty.json, absent as defaults")
  func networkSettingsCoding() throws {
    var configuration = Fixtures.configuration(preset: .production)
    configuration.network.allowsCellularAccess = false
    configuration.network.responseCaching = true
    let decoded = try LoyaltyConfiguration(jsonData: try configuration.jsonData())
    #expect(decoded.network.allowsCellularAccess == false)
    #expect(decoded.network.responseCaching == true)
    #expect(decoded.summary["network.allowsCellularAccess"] == "false")
    #expect(decoded.summary["network.responseCaching"] == "true")
    let json = #"{"appUUID":"0123456789abcdef0123456789abcdef","bundleID":"com.example.app"}"#
    let defaults = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    #expect(defaults.network.allowsCellularAccess == true)
    #expect(defaults.network.responseCaching == false)
  }
}
