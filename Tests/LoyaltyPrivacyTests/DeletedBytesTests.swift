import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyLocation
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// What a switch turned off deletes is gone from the bytes of every file the SDK keeps:
/// the database, its write-ahead log and shared memory, any journal.
@Suite("Deleted means gone from the bytes on disk")
struct DeletedBytesTests {
  static let eventMarker = "EVT-MARKER-5b1e9c"

  @Test(
    "turning analytics off leaves no queued event in any file",
    .timeLimit(.minutes(TestTime.minutes(3))))
  func analyticsOffErasesQueuedEventBytes() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    let analytics = try client.analytics
    _ = try await client.deviceRegistration.awaitStartRegistration()
    let recordedBySDK = await analytics.currentStatistics().pending
    // Enough events to fill whole pages, which a deletion hands to the free list.
    let padding = String(repeating: "p", count: 300)
    for index in 0..<200 {
      _ = try await analytics.track(
        "marked_event", parameters: ["note": "\(Self.eventMarker)-\(index)", "pad": padding])
    }
    let before = harness.files(holding: Self.eventMarker)
    #expect(!before.isEmpty, "the queued events are on disk before the switch")
    let pendingBefore = await analytics.currentStatistics().pending

    try await client.privacy.disable(.analytics)

    #expect(harness.files(holding: Self.eventMarker) == [])
    let statistics = await analytics.currentStatistics()
    #expect(statistics.pending == 0)
    #expect(statistics.deletedByPrivacy == pendingBefore)
    #expect(pendingBefore == recordedBySDK + 200)
    // Tracked while off: counted, not written.
    _ = try await analytics.track("marked_event", parameters: ["note": Self.eventMarker])
    #expect(harness.files(holding: Self.eventMarker) == [])
    #expect(await analytics.currentStatistics().droppedByPrivacy == 1)
    await client.shutdown()
    #expect(harness.files(holding: Self.eventMarker) == [])
    #expect(harness.uploadedEventNames.isEmpty)
  }

  @Test("turning location off forgets the fences, the position and the notifications")
  func locationOffErasesItsState() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    let location = try client.location
    let store = try client.resolve(.keyValueStore)
    _ = try await location.update(
      LocationUpdate(
        latitude: 37.9755, longitude: 23.7348, horizontalAccuracy: 10, timestamp: Date()))
    try await location.limiter.record(merchantID: "merchant-1")
    #expect(try await store.data(forKey: NotificationLimiter.storageKey) != nil)
    #expect(try await store.data(forKey: GeofenceState.storageKey) != nil)

    try await client.privacy.disable(.location)

    #expect(try await store.data(forKey: NotificationLimiter.storageKey) == nil)
    #expect(try await store.data(forKey: GeofenceState.storageKey) == nil)
    #expect(try await location.limiter.counts() == (0, 0, 0))
    let ignored = try await location.update(
      LocationUpdate(
        latitude: 37.9755, longitude: 23.7348, horizontalAccuracy: 10, timestamp: Date()))
    #expect(ignored.ignored == .disabledByPrivacy)
    #expect(location.statistics.disabledByPrivacy == 1)
    #expect(try await store.data(forKey: GeofenceState.storageKey) == nil)
    await client.shutdown()
  }

  @Test("push registration off forgets the token; back on registers again")
  func pushRegistrationOffForgetsTheToken() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    let registration = try client.deviceRegistration
    _ = await registration.awaitStartRegistration()
    try await registration.updateDeviceToken("push-token-0042")
    #expect(try await registration.deviceToken() == "push-token-0042")
    let sent = harness.loopback.endpoints.filter { $0 == .deviceInfo }.count
    #expect(sent == 2)

    try await client.privacy.disable(.pushRegistration)
    #expect(try await registration.deviceToken() == nil)
    #expect(await registration.lastOutcome == .disabledByPrivacy)
    let refused = try await #require(throws: LoyaltyError.self) {
      try await registration.register()
    }
    #expect(refused.code == .featureDisabled)
    try await registration.updateDeviceToken("push-token-0043")
    #expect(try await registration.deviceToken() == nil)
    #expect(harness.loopback.endpoints.filter { $0 == .deviceInfo }.count == sent)

    try await client.privacy.enable(.pushRegistration)
    // The change started a registration; with this call, whichever runs first sends and
    // the other finds nothing changed.
    _ = try await registration.registerIfNeeded()
    #expect(harness.loopback.endpoints.filter { $0 == .deviceInfo }.count == sent + 1)
    await client.shutdown()
  }
}
