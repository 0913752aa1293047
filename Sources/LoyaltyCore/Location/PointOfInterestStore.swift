/// Keeps the points of interest geofencing watches, and answers the questions a
/// location update asks of them.
///
/// LoyaltyStore provides a SQLite store with an R*Tree index (`SQLitePOIStore`); Core
/// provides ``InMemoryPointOfInterestStore``. `PointOfInterestStoreConformance` in
/// LoyaltyConformance checks the contract.
///
/// It lives in Core, with the types its requirements name (``PointOfInterest``,
/// ``GeoPoint``) and ``GeoDistance``, because LoyaltyStore implements it and
/// LoyaltyLocation queries it, and neither product depends on the other.
///
/// Every conforming type must:
/// - refuse a point whose coordinates or radius are out of range
///   (``LoyaltyError/Code/invalidPointOfInterest``) before writing anything of the call;
/// - keep ids unique: upserting an id replaces the point;
/// - measure every distance with ``GeoDistance`` (haversine), so two stores give the
///   same answers;
/// - answer queries ordered by distance from the query point, then by id;
/// - refuse a query point that is not a valid ``GeoPoint``
///   (``LoyaltyError/Code/invalidLocation``) and a negative or non-finite distance
///   (``LoyaltyError/Code/invalidArgument``);
/// - be safe to call concurrently.
public protocol PointOfInterestStore: Sendable {
  /// Inserts or replaces `points` by id, all or none.
  func upsert(_ points: [PointOfInterest]) async throws
  /// Removes the points with `ids`; unknown ids are ignored.
  func remove(ids: [Int64]) async throws
  /// Replaces every point with `points`, all or none.
  func replaceAll(with points: [PointOfInterest]) async throws
  /// Removes every point whose id is not in `ids`.
  func retainOnly(ids: Set<Int64>) async throws
  /// Starts a full sync: every point stored is marked unconfirmed; an upsert confirms
  /// the points it writes. Calling it again starts over.
  func beginFullSync() async throws
  /// Ends a full sync: removes the points no upsert confirmed since
  /// ``beginFullSync()`` (what the server no longer lists), without holding their ids.
  /// Without a sync begun, removes nothing.
  /// - Returns: How many were removed.
  @discardableResult
  func endFullSync() async throws -> Int
  /// The point with `id`, or `nil`.
  func pointOfInterest(id: Int64) async throws -> PointOfInterest?
  /// How many points are stored.
  func count() async throws -> Int
  /// The version of the last completed sync, or `nil` before the first one.
  func syncVersion() async throws -> String?
  /// Records the version of a completed sync; `nil` forgets it (the next sync is full).
  func setSyncVersion(_ version: String?) async throws

  /// The points whose fence, widened by `margin` metres, contains `point`: those with
  /// `distance(point, centre) <= radius + margin`.
  func pointsOfInterest(containing point: GeoPoint, margin: Double) async throws
    -> [PointOfInterest]
  /// The `limit` points whose centres are nearest `point`.
  func nearest(to point: GeoPoint, limit: Int) async throws -> [PointOfInterest]
  /// The points whose centres lie within `radius` metres of `point`.
  func pointsOfInterest(within radius: Double, of point: GeoPoint) async throws
    -> [PointOfInterest]
}

extension PointOfInterestStore {
  /// The points whose fence contains `point`.
  public func pointsOfInterest(containing point: GeoPoint) async throws -> [PointOfInterest] {
    try await pointsOfInterest(containing: point, margin: 0)
  }
}
