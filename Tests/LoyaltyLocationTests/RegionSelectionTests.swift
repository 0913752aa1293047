import Foundation
import LoyaltyCore
import LoyaltyLocation
import Testing

@Suite("Regions to monitor")
struct RegionSelectionTests {
  /// 30 stores on a line running east, 200 m apart.
  static let line = (0..<30).map { Town.shop(Int64($0 + 1), east: Double($0) * 200, merchant: "m") }

  @Test("the nearest N, at most 20, nearest first")
  func nearest() async throws {
    let harness = Harness(shops: Self.line)
    let selection = try await harness.center.regionsToMonitor(near: Town.point(east: 1_010))
    #expect(selection.regions.count == 20)
    #expect(selection.regions.first?.pointOfInterestID == 6)
    #expect(selection.regions.first?.identifier == "loyalty.poi.6")
    let five = try await harness.center.regionsToMonitor(near: Town.origin, limit: 5)
    #expect(five.regions.map(\.pointOfInterestID) == [1, 2, 3, 4, 5])
    // Half the way to the farthest (800 m), above the 250 m minimum.
    #expect(abs(five.refreshDistance - 400) < 1)
    #expect(five.refreshRegion.identifier == RegionSelection.refreshIdentifier)
  }

  @Test("more than 20 or fewer than 1 is refused with a typed error")
  func limits() async throws {
    let harness = Harness(shops: Self.line)
    for limit in [0, 21, -3] {
      let error = await #expect(throws: LoyaltyError.self) {
        try await harness.center.regionsToMonitor(near: Town.origin, limit: limit)
      }
      #expect(error?.code == .regionLimitExceeded)
    }
    let invalid = await #expect(throws: LoyaltyError.self) {
      try await harness.center.regionsToMonitor(near: GeoPoint(latitude: 100, longitude: 0))
    }
    #expect(invalid?.code == .invalidLocation)
  }

  @Test("chosen again only once the user has moved far enough")
  func rechosen() async throws {
    let configuration = GeofenceConfiguration(regionLimit: 5)
    let harness = Harness(shops: Self.line, configuration: configuration)
    let first = try await harness.center.update(harness.fix(east: -1_000))
    let chosen = try #require(first.regions)
    #expect(chosen.regions.map(\.pointOfInterestID) == [1, 2, 3, 4, 5])
    let near = try await harness.center.update(harness.fix(east: -900, at: 10))
    #expect(near.regions == nil, "100 m is not far enough")
    let far = try await harness.center.update(harness.fix(east: 2_050, at: 20))
    #expect(far.regions?.regions.map(\.pointOfInterestID) == [11, 12, 10, 13, 9])
  }
}
