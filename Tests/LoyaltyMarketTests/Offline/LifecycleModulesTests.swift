import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// What the events and network modules do for the app's lifecycle, beside the market.
@Suite("Lifecycle: analytics flushed, device info sent only when it changed")
struct LifecycleModulesTests {
  @Test("going to the background uploads the queued analytics events")
  func backgroundFlushes() async throws {
    let harness = try await OfflineHarness.start()
    let analytics = try harness.client.analytics
    // The registration at start tracks its outcome: waited for, it is counted below.
    _ = await (try harness.client.resolve(.deviceRegistration)).awaitStartRegistration()
    for screen in ["home", "wallet"] {
      _ = try await analytics.track("screen_viewed", parameters: ["screen": screen])
    }
    // Beside the two, the SDK's own events (the device registration's outcome) may wait.
    let queued = await analytics.currentStatistics().pending
    #expect(queued >= 2)
    let accepted = harness.backend.counters.analyticsEventsAccepted
    let lifecycle = try harness.client.lifecycle
    await lifecycle.didEnterBackground()
    #expect(await analytics.currentStatistics().pending == 0)
    #expect(harness.backend.counters.analyticsEventsAccepted == accepted + queued)
    _ = try await analytics.track("screen_viewed", parameters: ["screen": "coupons"])
    await lifecycle.didBecomeActive()
    #expect(await analytics.currentStatistics().pending == 0)
    #expect(harness.backend.counters.analyticsEventsAccepted >= accepted + queued + 1)
    await harness.client.shutdown()
  }

  @Test("becoming active sends no device info when nothing changed")
  func activeDeviceInfoUnchanged() async throws {
    let harness = try await OfflineHarness.start()
    let registration = try harness.client.resolve(.deviceRegistration)
    _ = await registration.awaitStartRegistration()
    let before = harness.backend.counters.deviceInfoUpdates
    try await harness.client.lifecycle.didBecomeActive()
    #expect(harness.backend.counters.deviceInfoUpdates == before)
    await harness.client.shutdown()
  }
}
