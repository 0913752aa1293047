import Foundation
import LoyaltyCore
import LoyaltyStore
import LoyaltyTestSupport
import Testing

/// The user's choice is on disk when the setter returns: a SIGKILL right after it does
/// not lose it, and the configuration's default applies only to a device that never chose.
@Suite("Privacy choice durability")
struct PrivacyDurabilityTests {
  static func configuration(_ directory: URL, enabled: PrivacyFeatures) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.privacy-setter",
      preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.database.directory = directory.path
    configuration.logging.level = .none
    configuration.privacy.enabled = enabled
    return configuration
  }

  @Test(
    "the choice survives a kill -9 right after the setter returns",
    .timeLimit(.minutes(TestTime.minutes(2))))
  func survivesKill() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyPrivacyKill-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let helper = try #require(TestHelperProcess.locate(), "LoyaltyTestHelper was not built")
    let chosen: PrivacyFeatures = [.analytics, .pushRegistration]

    let killed = try await TestHelperProcess.runUntilKilled(
      helper, ["privacy-setter", directory.path, String(chosen.rawValue)], afterLines: 1,
      timeout: 60)
    #expect(killed.terminationReason == .uncaughtSignal, "child stderr: \(killed.error)")
    #expect(killed.lines == ["saved"], "child stderr: \(killed.error)")

    // The default says everything; the device chose otherwise before it was killed.
    let client = try await LoyaltyClient.start(
      Self.configuration(directory, enabled: .all), modules: [StoreModule()])
    #expect(try await client.privacy.enabledFeatures() == chosen)
    #expect(try await client.privacy.hasUserChoice())
    await client.shutdown()
  }

  @Test("the configuration's default applies only to a device that never chose")
  func defaultOnlyBeforeAChoice() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyPrivacyDefault-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await LoyaltyClient.start(
      Self.configuration(directory, enabled: [.location]), modules: [StoreModule()])
    #expect(try await first.privacy.enabledFeatures() == [.location])
    #expect(try await first.privacy.hasUserChoice() == false)
    try await first.privacy.setEnabledFeatures([])
    await first.shutdown()

    // A new default in a later version changes nothing for a device that chose.
    let second = try await LoyaltyClient.start(
      Self.configuration(directory, enabled: .all), modules: [StoreModule()])
    #expect(try await second.privacy.enabledFeatures() == [])
    try await second.privacy.forgetChoice()
    #expect(try await second.privacy.enabledFeatures() == .all)
    await second.shutdown()
  }
}
