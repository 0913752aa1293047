import LoyaltyCore
import LoyaltyLocation
import LoyaltySandbox
import Testing

extension EndpointTour {
  /// `shops.retrieve_pois` over HTTP: a full sync, then an incremental one after the
  /// backend removed a point.
  static func location(_ harness: EmulatorHarness) async throws {
    let backend = harness.backend
    let pois = InMemoryPointOfInterestStore()
    let clock = ManualClock()
    let location = LocationCenter(
      pointsOfInterest: pois, store: nil,
      limiter: NotificationLimiter(store: nil, clock: clock), network: try harness.network,
      clock: clock)
    let full = try await location.syncPointsOfInterest()
    #expect(full.full)
    #expect(full.upserted == backend.pointsOfInterest.count)
    #expect(try await pois.syncVersion() == String(backend.pointsOfInterestVersion))

    let removed = try #require(backend.pointsOfInterest.first?.id)
    backend.removePointOfInterest(id: removed)
    let incremental = try await location.syncPointsOfInterest()
    #expect(!incremental.full)
    #expect(incremental.removed == 1)
    #expect(try await pois.pointOfInterest(id: removed) == nil)
  }
}
