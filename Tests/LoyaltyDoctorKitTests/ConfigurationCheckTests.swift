import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct ConfigurationCheckTests {
  private func run(_ url: URL?, searching: [URL] = []) -> ConfigurationCheck.Outcome {
    ConfigurationCheck.run(
      explicit: url, searchDirectories: searching, display: \.lastPathComponent)
  }

  @Test func aValidFileIsOkAndYieldsTheConfiguration() {
    let outcome = run(Fixture.validConfiguration)
    #expect(outcome.checks.map(\.status) == [.ok])
    #expect(outcome.configuration?.bundleID == "com.example.doctor")
  }

  @Test func eachValidationErrorIsALineWithItsFix() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("loyalty.json")
    try Fixture.write(
      #"{"appUUID": "xyz", "bundleID": "com.example.app", "language": "eng"}"#, to: file)
    let outcome = run(file)
    #expect(outcome.checks.map(\.status) == [.error, .error])
    #expect(outcome.checks[0].message.contains("appUUID"))
    #expect(outcome.checks[0].message.contains("LOY-1002"))
    #expect(outcome.checks[0].fix?.contains("app UUID") == true)
    #expect(outcome.checks[1].message.contains("language"))
    // Decoded though invalid, so the later checks still see its other settings.
    #expect(outcome.configuration != nil)
  }

  @Test func aFileThatDoesNotDecodeIsAnErrorNamingTheField() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("loyalty.json")
    try Fixture.write(#"{"appUUID": "0123456789abcdef0123456789abcdef"}"#, to: file)
    let outcome = run(file)
    #expect(outcome.checks.map(\.status) == [.error])
    #expect(outcome.checks[0].message.contains("bundleID"))
    #expect(outcome.configuration == nil)
  }

  @Test func aMissingExplicitFileIsAnError() {
    let outcome = run(URL(fileURLWithPath: "/nonexistent/loyalty.json"))
    #expect(outcome.checks.map(\.status) == [.error])
  }

  @Test func noFileAnywhereIsAWarning() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = run(nil, searching: [directory])
    #expect(outcome.checks.map(\.status) == [.warning])
    #expect(outcome.configuration == nil)
  }

  @Test func locateFindsNestedFilesAndSkipsHiddenDirectories() throws {
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let manager = FileManager.default
    for folder in ["App/Resources", ".build/checkouts", "Other"] {
      try manager.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Fixture.write("{}", to: root.appendingPathComponent("App/Resources/loyalty.json"))
    try Fixture.write("{}", to: root.appendingPathComponent(".build/checkouts/loyalty.json"))
    try Fixture.write("{}", to: root.appendingPathComponent("Other/settings.json"))
    let found = ConfigurationCheck.locate(in: [root, root.appendingPathComponent("App")])
    #expect(found.map(\.path) == [root.appendingPathComponent("App/Resources/loyalty.json").path])
  }

  @Test func severalFilesWarnAndTheFirstIsChecked() throws {
    let root = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let manager = FileManager.default
    for folder in ["A", "B"] {
      try manager.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
      try manager.copyItem(
        at: Fixture.validConfiguration, to: root.appendingPathComponent("\(folder)/loyalty.json"))
    }
    let outcome = run(nil, searching: [root])
    #expect(outcome.checks.map(\.status) == [.warning, .ok])
    #expect(outcome.file?.deletingLastPathComponent().lastPathComponent == "A")
  }
}
