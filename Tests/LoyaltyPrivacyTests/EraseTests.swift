import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import Testing

/// `eraseAllData()` deletes every file the SDK wrote and leaves a new device behind.
@Suite("Erase")
struct EraseTests {
  static let eventMarker = "ERASE-EVENT-3c7d21"
  static let profileMarker = "ERASE-PROFILE-90aa4f"
  static let deviceMarker = "ERASE-DEVICE-e81b06"

  @Test("erase leaves no file the SDK wrote; the next start is a new device")
  func eraseLeavesNothing() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    try await client.privacy.disable(.location)
    _ = try await client.analytics.track("marked", parameters: ["note": Self.eventMarker])
    try await client.resolve(.keyValueStore).set(Self.profileMarker, forKey: "host.nickname")
    try await client.push.updateDeviceToken(Self.deviceMarker)
    let deviceID = try await client.push.currentDeviceInfo().uniqueDeviceID
    for marker in [Self.eventMarker, Self.profileMarker, Self.deviceMarker] {
      #expect(!harness.files(holding: marker).isEmpty, "\(marker) is on disk before erase")
    }
    let written = harness.files().map(\.path)
    #expect(written.contains { $0.contains("/keys/") }, "a key file: \(written)")

    let report = await client.eraseAllData()

    #expect(report.isComplete, "\(report.failures)")
    #expect(harness.files().isEmpty, "left: \(harness.files().map(\.path))")
    #expect(!FileManager.default.fileExists(atPath: harness.directory.path))
    // The log and the shared memory go when the database closes; the rest is reported.
    let deleted = Set(report.deleted.map(\.path))
    let lasting = Set(written.filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
    #expect(lasting.isSubset(of: deleted), "\(lasting.subtracting(deleted))")
    #expect(deleted.contains(harness.directory.path))
    #expect(!client.isRunning)

    let again = try await harness.start(harness.configuration())
    #expect(try await again.privacy.hasUserChoice() == false)
    #expect(try await again.privacy.enabledFeatures() == .all)
    #expect(try await again.push.deviceToken() == nil)
    #expect(try await again.push.currentDeviceInfo().uniqueDeviceID != deviceID)
    #expect(try await again.resolve(.keyValueStore).data(forKey: "host.nickname") == nil)
    await again.shutdown()
  }

  @Test("a file that cannot be deleted is reported, and the rest are deleted")
  func failureIsReportedAndTheRestGoes() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    _ = try await client.analytics.track("marked", parameters: ["note": Self.eventMarker])
    await client.shutdown()
    let keyFile = try #require(harness.files().map(\.path).first { $0.contains("/keys/") })

    let report = await client.eraseAllData { @Sendable url in
      if url.path == keyFile {
        throw CocoaError(.fileWriteNoPermission)
      }
      try FileManager.default.removeItem(at: url)
    }

    #expect(report.failures.map(\.url.path) == [keyFile])
    #expect(!report.isComplete)
    #expect(harness.files().map(\.path) == [keyFile])
    #expect(harness.files(holding: Self.eventMarker).isEmpty)
  }
}
