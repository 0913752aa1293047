import LoyaltyConfigurationGenerator
import LoyaltyCore
import Testing

/// `privacy.enabled` is checked at build time like every setting: an unknown feature name
/// is an error at its own entry.
@Suite("ConfigurationGenerator: privacy")
struct PrivacySettingTests {
  func configuration(_ enabled: String) throws -> LoyaltyConfiguration {
    try ConfigurationGenerator(apiKey: nil).configuration(
      text: """
        {
          "appUUID": "0123456789abcdef0123456789abcdef",
          "bundleID": "com.example.app",
          "privacy": { "enabled": \(enabled) }
        }
        """, path: "loyalty.json")
  }

  @Test("all, none and a list of names are read")
  func accepted() throws {
    #expect(try configuration(#""all""#).privacy.enabled == .all)
    #expect(try configuration(#""none""#).privacy.enabled == [])
    #expect(
      try configuration(#"["analytics", "pushRegistration"]"#).privacy.enabled == [
        .analytics, .pushRegistration,
      ])
    #expect(try configuration("[]").privacy.enabled == [])
  }

  @Test("an unknown name fails at its entry, with the names that exist")
  func unknownName() {
    do {
      _ = try configuration(#"["analytics", "trackers"]"#)
      Issue.record("an unknown feature was accepted")
    } catch let error as ConfigurationDiagnostics {
      #expect(error.diagnostics.map(\.location) == [SourceLocation(line: 4, column: 41)])
      #expect(error.diagnostics.first?.message.contains("LOY-1018") == true)
      #expect(error.diagnostics.first?.message.contains("deviceInformation") == true)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("a word other than all or none fails at the setting")
  func unknownWord() {
    do {
      _ = try configuration(#""some""#)
      Issue.record("an unknown word was accepted")
    } catch let error as ConfigurationDiagnostics {
      #expect(error.diagnostics.map(\.location) == [SourceLocation(line: 4, column: 16)])
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
