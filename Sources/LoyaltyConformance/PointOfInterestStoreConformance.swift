public import LoyaltyCore

/// The contract every ``LoyaltyCore/PointOfInterestStore`` must keep.
public enum PointOfInterestStoreConformance {
  /// Runs every check against fresh, empty stores from `makeStore`.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(_ makeStore: () async throws -> any PointOfInterestStore)
    async throws
  {
    try await writes(try await makeStore())
    try await queries(try await makeStore())
    try await edges(try await makeStore())
    try await badInput(try await makeStore())
    try await concurrency(try await makeStore())
  }

  /// A small town: a square of shops 100 m apart (at 52° N a degree of longitude is
  /// about 68.5 km, of latitude 111.2 km).
  static let origin = GeoPoint(latitude: 52.0, longitude: 13.0)
  static func shop(_ id: Int64, north: Double, east: Double, radius: Double = 100)
    -> PointOfInterest
  {
    PointOfInterest(
      id: id, latitude: origin.latitude + north / GeoDistance.metresPerDegree,
      longitude: origin.longitude + east
        / (GeoDistance.metresPerDegree * 0.615_661_475_325_658_3),
      radius: radius, merchantID: "m\(id % 3)", name: "Shop \(id)",
      offerTitle: id.isMultiple(of: 2) ? "Offer \(id)" : nil)
  }

  private static func writes(_ store: any PointOfInterestStore) async throws {
    let name = "PointOfInterestStore"
    try require(try await store.count() == 0, name, "a new store is empty")
    try require(try await store.syncVersion() == nil, name, "a new store has no sync version")
    let points = (1...5).map { shop(Int64($0), north: 0, east: Double($0) * 100) }
    try await store.upsert(points)
    try require(try await store.count() == 5, name, "upsert stores every point")
    try require(
      try await store.pointOfInterest(id: 2) == points[1], name,
      "a point reads back with every field")
    var moved = points[1]
    moved.radius = 250
    moved.name = "Moved"
    moved.offerTitle = nil
    try await store.upsert([moved])
    try require(try await store.count() == 5, name, "upsert replaces by id")
    try require(try await store.pointOfInterest(id: 2) == moved, name, "the replacement is read")
    try await store.remove(ids: [1, 99])
    try require(try await store.pointOfInterest(id: 1) == nil, name, "remove deletes")
    try require(try await store.count() == 4, name, "unknown ids are ignored by remove")
    try await store.retainOnly(ids: [2, 3, 42])
    try require(try await store.count() == 2, name, "retainOnly keeps only the listed ids")
    try await store.beginFullSync()
    try await store.upsert([shop(3, north: 0, east: 300), shop(8, north: 0, east: 800)])
    try require(
      try await store.endFullSync() == 1, name, "a full sync removes what it did not confirm")
    try require(
      Set(try await store.nearest(to: origin, limit: 10).map(\.id)) == [3, 8], name,
      "a full sync keeps what it confirmed and what it added")
    try require(
      try await store.endFullSync() == 0, name, "without a sync begun nothing is removed")
    try await store.replaceAll(with: [shop(7, north: 0, east: 0)])
    try require(try await store.count() == 1, name, "replaceAll replaces everything")
    try require(try await store.pointOfInterest(id: 7) != nil, name, "replaceAll stores")
    try await store.setSyncVersion("v1")
    try require(try await store.syncVersion() == "v1", name, "the sync version reads back")
    try await store.setSyncVersion(nil)
    try require(try await store.syncVersion() == nil, name, "the sync version can be forgotten")
    // Moving a point moves its index entry: the old place no longer finds it.
    try await store.upsert([shop(7, north: 5_000, east: 0)])
    try require(
      try await store.pointsOfInterest(containing: origin).isEmpty, name,
      "a moved point is not found where it was")
    try require(
      try await store.pointsOfInterest(
        containing: GeoPoint(
          latitude: origin.latitude + 5_000 / GeoDistance.metresPerDegree,
          longitude: origin.longitude)
      ).map(\.id) == [7], name, "a moved point is found where it is")
  }

  private static func queries(_ store: any PointOfInterestStore) async throws {
    let name = "PointOfInterestStore"
    // A 5 x 5 grid, 300 m apart, radius 100 m; id 13 sits on the origin.
    var grid: [PointOfInterest] = []
    for row in 0..<5 {
      for column in 0..<5 {
        grid.append(
          shop(
            Int64(row * 5 + column + 1), north: Double(row - 2) * 300,
            east: Double(column - 2) * 300))
      }
    }
    grid.append(shop(100, north: 0, east: 150, radius: 200))
    try await store.upsert(grid)

    let inside = try await store.pointsOfInterest(containing: origin)
    try require(
      inside.map(\.id) == [13, 100], name, "containing: the fences around the point, nearest first",
      "\(inside.map(\.id))")
    let east = GeoPoint(
      latitude: origin.latitude,
      longitude: origin.longitude + 120 / (GeoDistance.metresPerDegree * 0.615_661_475_325_658_3))
    try require(
      try await store.pointsOfInterest(containing: east).map(\.id) == [100], name,
      "containing: a point outside a fence is not in it")
    try require(
      try await store.pointsOfInterest(containing: east, margin: 25).map(\.id) == [100, 13],
      name, "containing: a margin widens every fence")

    let nearest = try await store.nearest(to: origin, limit: 2)
    try require(
      nearest.map(\.id) == [13, 100], name, "nearest: the N nearest centres, in order",
      "\(nearest.map(\.id))")
    let six = try await store.nearest(to: origin, limit: 6)
    try require(
      Set(six.map(\.id)) == [13, 100, 8, 12, 14, 18] && isOrdered(six, from: origin), name,
      "nearest: ordered by distance", "\(six.map(\.id))")
    try require(
      try await store.nearest(to: origin, limit: 100).count == 26, name,
      "nearest: never more than there are")
    try require(
      try await store.nearest(to: origin, limit: 0).isEmpty, name, "nearest: a limit of 0 is none")
    let far = GeoPoint(latitude: -33.9, longitude: 151.2)
    try require(
      try await store.nearest(to: far, limit: 2).count == 2, name,
      "nearest: found from the other side of the earth")

    let within = try await store.pointsOfInterest(within: 310, of: origin)
    try require(
      Set(within.map(\.id)) == [13, 100, 8, 12, 14, 18] && isOrdered(within, from: origin)
        && within.prefix(2).map(\.id) == [13, 100], name,
      "within: every centre inside the radius, nearest first", "\(within.map(\.id))")
    try require(
      try await store.pointsOfInterest(within: 0, of: origin).map(\.id) == [13], name,
      "within: a radius of 0 finds a point exactly there")
  }

  private static func edges(_ store: any PointOfInterestStore) async throws {
    let name = "PointOfInterestStore"
    let west = PointOfInterest(id: 1, latitude: 0, longitude: 179.9995, radius: 100)
    let eastSide = PointOfInterest(id: 2, latitude: 0, longitude: -179.9995, radius: 100)
    let pole = PointOfInterest(id: 3, latitude: 89.9995, longitude: 45, radius: 200)
    try await store.upsert([west, eastSide, pole])
    let onLine = GeoPoint(latitude: 0, longitude: 180)
    try require(
      Set(try await store.pointsOfInterest(containing: onLine).map(\.id)) == [1, 2], name,
      "fences across the antimeridian are found from both sides")
    try require(
      try await store.pointsOfInterest(containing: GeoPoint(latitude: 90, longitude: -120))
        .map(\.id) == [3], name, "a fence around a pole is found at the pole")
  }

  private static func badInput(_ store: any PointOfInterestStore) async throws {
    let name = "PointOfInterestStore"
    let invalid = [
      PointOfInterest(id: 1, latitude: .nan, longitude: 0, radius: 100),
      PointOfInterest(id: 2, latitude: 91, longitude: 0, radius: 100),
      PointOfInterest(id: 3, latitude: 0, longitude: -181, radius: 100),
      PointOfInterest(id: 4, latitude: 0, longitude: 0, radius: -1),
      PointOfInterest(id: 5, latitude: 0, longitude: 0, radius: .infinity),
    ]
    for point in invalid {
      let code = await code { try await store.upsert([shop(50, north: 0, east: 0), point]) }
      try require(
        code == .invalidPointOfInterest, name, "an invalid point is refused", "\(point.id)")
      try require(try await store.count() == 0, name, "a refused upsert writes nothing")
    }
    let bad = GeoPoint(latitude: .infinity, longitude: 0)
    try require(
      await code { _ = try await store.nearest(to: bad, limit: 1) } == .invalidLocation, name,
      "an invalid query point is refused")
    try require(
      await code { _ = try await store.pointsOfInterest(within: -1, of: origin) }
        == .invalidArgument, name, "a negative radius is refused")
    try require(
      await code { _ = try await store.pointsOfInterest(containing: origin, margin: .nan) }
        == .invalidArgument, name, "a margin that is not a number is refused")
  }

  private static func concurrency(_ store: any PointOfInterestStore) async throws {
    let name = "PointOfInterestStore"
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          try await store.upsert([shop(Int64(index), north: Double(index) * 10, east: 0)])
          _ = try await store.nearest(to: origin, limit: 5)
        }
      }
      try await group.waitForAll()
    }
    try require(try await store.count() == 20, name, "concurrent upserts all land")
  }

  private static func isOrdered(_ points: [PointOfInterest], from point: GeoPoint) -> Bool {
    let distances = points.map { GeoDistance.metres(from: point, to: $0.center) }
    return zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }
  }

  private static func code(_ body: () async throws -> Void) async -> LoyaltyError.Code? {
    do {
      try await body()
      return nil
    } catch let error as LoyaltyError {
      return error.code
    } catch {
      return nil
    }
  }
}
