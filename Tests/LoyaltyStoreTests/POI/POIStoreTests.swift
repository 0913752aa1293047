import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("SQLitePOIStore")
struct POIStoreTests {
  static let athens = PointOfInterest(id: 1, latitude: 37.9838, longitude: 23.7275, radius: 100)
  static let thessaloniki = PointOfInterest(
    id: 2, latitude: 40.6401, longitude: 22.9444, radius: 250)
  static let fiji = PointOfInterest(id: 3, latitude: -17.7134, longitude: 178.065, radius: 50)
  static let samoa = PointOfInterest(id: 4, latitude: -13.759, longitude: -172.1046, radius: 50)

  @Test func boundingBoxQueries() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let pois = database.pointsOfInterest
    try await pois.upsert([Self.athens, Self.thessaloniki, Self.fiji, Self.samoa])
    #expect(try await pois.count() == 4)

    let greece = GeoBoundingBox(
      minLatitude: 34.8, maxLatitude: 41.8, minLongitude: 19.3, maxLongitude: 29.7)
    #expect(try await pois.pointsOfInterest(in: greece) == [Self.athens, Self.thessaloniki])
    let attica = GeoBoundingBox(
      minLatitude: 37.5, maxLatitude: 38.5, minLongitude: 23.0, maxLongitude: 24.5)
    #expect(try await pois.pointsOfInterest(in: attica) == [Self.athens])

    let pacific = GeoBoundingBox(
      minLatitude: -20, maxLatitude: -10, minLongitude: 170, maxLongitude: -170)
    #expect(pacific.crossesAntimeridian)
    #expect(try await pois.pointsOfInterest(in: pacific) == [Self.fiji, Self.samoa])
    #expect(pacific.contains(Self.fiji) && !pacific.contains(Self.athens))

    let edge = GeoBoundingBox(
      minLatitude: Self.athens.latitude, maxLatitude: Self.athens.latitude,
      minLongitude: Self.athens.longitude, maxLongitude: Self.athens.longitude)
    #expect(try await pois.pointsOfInterest(in: edge) == [Self.athens])
  }

  @Test("a box with its edges the wrong way round or not numbers contains nothing, no trap")
  func invalidBoxContainsNothing() {
    let inverted = GeoBoundingBox(
      minLatitude: 41.8, maxLatitude: 34.8, minLongitude: 19.3, maxLongitude: 29.7)
    let notANumber = GeoBoundingBox(
      minLatitude: .nan, maxLatitude: 41.8, minLongitude: 19.3, maxLongitude: .nan)
    for box in [inverted, notANumber] {
      #expect(!box.isValid)
      #expect(!box.contains(Self.athens))
    }
    let nowhere = PointOfInterest(id: 9, latitude: .nan, longitude: .infinity, radius: 1)
    let greece = GeoBoundingBox(
      minLatitude: 34.8, maxLatitude: 41.8, minLongitude: 19.3, maxLongitude: 29.7)
    #expect(!greece.contains(nowhere))
  }

  @Test func upsertReplacesByIDAndRemoves() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let pois = database.pointsOfInterest
    try await pois.upsert([Self.athens, Self.thessaloniki])
    var moved = Self.athens
    moved.radius = 500
    try await pois.upsert([moved])
    #expect(try await pois.pointOfInterest(id: 1) == moved)
    #expect(try await pois.all() == [moved, Self.thessaloniki])
    try await pois.remove(ids: [2, 99])
    #expect(try await pois.all() == [moved])
    try await pois.removeAll()
    #expect(try await pois.count() == 0)
  }

  @Test func invalidInputIsRejectedWithoutWriting() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let pois = database.pointsOfInterest
    let bad = PointOfInterest(id: 9, latitude: 91, longitude: 0, radius: 1)
    let error = await #expect(throws: LoyaltyError.self) {
      try await pois.upsert([Self.athens, bad])
    }
    #expect(error?.code == .invalidPointOfInterest)
    #expect(try await pois.count() == 0)
    let nan = PointOfInterest(id: 10, latitude: .nan, longitude: 0, radius: 1)
    #expect(!nan.isValid)
    let inverted = GeoBoundingBox(
      minLatitude: 10, maxLatitude: 0, minLongitude: 0, maxLongitude: 1)
    await #expect(throws: LoyaltyError.self) { try await pois.pointsOfInterest(in: inverted) }
  }
}
