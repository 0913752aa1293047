import Foundation
import LoyaltyCore
import LoyaltyLocation
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import LoyaltyStore
import Testing

@Suite("LocationModule")
struct LocationModuleTests {
  static func configuration() throws -> LoyaltyConfiguration {
    SyncTests.configuration
  }

  @Test("alone: points of interest in memory, a limiter of its own")
  func alone() async throws {
    let client = try await LoyaltyClient.start(
      Self.configuration(), modules: [LocationModule(timeZone: Town.athens)])
    let location = try client.location
    #expect(location.pointsOfInterest is InMemoryPointOfInterestStore)
    try await location.pointsOfInterest.upsert(Town.shops)
    let result = try await location.update(
      LocationUpdate(
        latitude: Town.origin.latitude, longitude: Town.origin.longitude, horizontalAccuracy: 5,
        timestamp: Date()))
    #expect(result.transitions.map(\.kind) == [.enter])
    let error = await #expect(throws: LoyaltyError.self) {
      try await location.syncPointsOfInterest()
    }
    #expect(error?.code == .capabilityUnavailable)
    await client.shutdown()
  }

  @Test("with StoreModule the SQLite store; with PushModule one limiter for both")
  func withStoreAndPush() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-location-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let client = try await LoyaltyClient.start(
      Self.configuration(),
      modules: [
        NetworkModule(), StoreModule(location: .file(directory.appendingPathComponent("l.db"))),
        PushModule(), LocationModule(),
      ],
      overrides: CapabilityOverrides().overriding(
        .httpTransport, with: SandboxTransport(SyncTests.backend())))
    let location = try client.location
    #expect(location.pointsOfInterest is SQLitePOIStore)
    #expect(location.limiter === (try client.push.limiter))
    #expect(try client.resolve(.notificationLimiter) === location.limiter)
    await client.shutdown()
  }
}
