import LoyaltyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("PrivacyConfiguration")
struct PrivacyConfigurationTests {
  static func decode(_ privacy: String) throws -> LoyaltyConfiguration {
    try LoyaltyConfiguration(
      jsonData: Data(
        #"{"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example.app""#
          .appending(privacy.isEmpty ? "}" : #", "privacy": \#(privacy)}"#).utf8))
  }

  @Test("absent, every feature is on, as the seed behaves")
  func defaultIsAll() throws {
    #expect(try Self.decode("").privacy.enabled == .all)
    #expect(try Self.decode("{}").privacy.enabled == .all)
    #expect(
      LoyaltyConfiguration(appUUID: "0123456789abcdef0123456789abcdef", bundleID: "a.b")
        .privacy.enabled == .all)
  }

  @Test("all, none and lists round-trip through JSON")
  func roundTrip() throws {
    for features: PrivacyFeatures in [.all, [], [.analytics], [.location, .deviceInformation]] {
      var configuration = try Self.decode("")
      configuration.privacy.enabled = features
      let decoded = try LoyaltyConfiguration(jsonData: configuration.jsonData())
      #expect(decoded.privacy.enabled == features)
      #expect(decoded == configuration)
    }
  }

  @Test("an unknown name is a validation error naming its entry")
  func unknownName() throws {
    let configuration = try Self.decode(#"{"enabled": ["location", "tracking", "analytics"]}"#)
    #expect(configuration.privacy.enabled == [.location, .analytics])
    let errors = configuration.validationErrors()
    #expect(errors.map(\.code) == [.invalidPrivacyFeature])
    #expect(errors.first?.metadata["field"] == "privacy.enabled[1]")
    #expect(throws: LoyaltyError.self) { try configuration.validate() }
  }

  @Test("the names are the option set's, one each, in order")
  func names() {
    #expect(
      PrivacyFeatures.all.names == [
        "analytics", "location", "pushRegistration", "deviceInformation", "offlineCache",
      ])
    for (name, feature) in PrivacyFeatures.named {
      #expect(PrivacyFeatures(name: name) == feature)
    }
    #expect(PrivacyFeatures(name: "trackersEnabled") == nil)
    #expect(PrivacyFeatures().description == "[]")
    #expect(PrivacyFeatures.all.union(PrivacyFeatures(rawValue: 1 << 20)).names.count == 5)
  }

  @Test("the summary says what is enabled")
  func summary() throws {
    #expect(try Self.decode(#"{"enabled": "none"}"#).summary["privacy.enabled"] == "[]")
  }
}
