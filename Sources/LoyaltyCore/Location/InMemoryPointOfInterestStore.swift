/// A ``PointOfInterestStore`` in memory: every query scans every point. For tests,
/// and for hosts with a few hundred points and no LoyaltyStore.
///
/// It lives in Core because the client registers it as the default
/// ``CapabilityKey/pointOfInterestStore`` when no module (LoyaltyStore's `StoreModule`)
/// provides another, so LoyaltyLocation works without LoyaltyStore.
public final class InMemoryPointOfInterestStore: PointOfInterestStore {
  private struct State {
    var points: [Int64: PointOfInterest] = [:]
    var version: String?
    var unconfirmed: Set<Int64> = []
  }

  private let state = Locked(State())

  /// Creates a store holding `points`.
  public init(_ points: [PointOfInterest] = []) {
    state.withLock { state in
      for point in points where point.isValid { state.points[point.id] = point }
    }
  }

  public func upsert(_ points: [PointOfInterest]) async throws {
    try GeoQuery.check(points)
    state.withLock { state in
      for point in points {
        state.points[point.id] = point
        state.unconfirmed.remove(point.id)
      }
    }
  }

  public func remove(ids: [Int64]) async throws {
    state.withLock { state in
      for id in ids {
        state.points[id] = nil
        state.unconfirmed.remove(id)
      }
    }
  }

  public func replaceAll(with points: [PointOfInterest]) async throws {
    try GeoQuery.check(points)
    state.withLock { state in
      state.points = Dictionary(points.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
      state.unconfirmed = []
    }
  }

  public func retainOnly(ids: Set<Int64>) async throws {
    state.withLock { state in
      state.points = state.points.filter { ids.contains($0.key) }
      state.unconfirmed.formIntersection(ids)
    }
  }

  public func beginFullSync() async throws {
    state.withLock { $0.unconfirmed = Set($0.points.keys) }
  }

  public func endFullSync() async throws -> Int {
    state.withLock { state in
      for id in state.unconfirmed { state.points[id] = nil }
      defer { state.unconfirmed = [] }
      return state.unconfirmed.count
    }
  }

  public func pointOfInterest(id: Int64) async throws -> PointOfInterest? {
    state.withLock { $0.points[id] }
  }

  public func count() async throws -> Int { state.withLock { $0.points.count } }

  public func syncVersion() async throws -> String? { state.withLock { $0.version } }

  public func setSyncVersion(_ version: String?) async throws {
    state.withLock { $0.version = version }
  }

  @_optimize(speed)
  public func pointsOfInterest(containing point: GeoPoint, margin: Double) async throws
    -> [PointOfInterest]
  {
    try GeoQuery.check(point)
    try GeoQuery.check(distance: margin, "margin")
    return GeoQuery.containing(point, margin: margin, among: snapshot())
  }

  @_optimize(speed)
  public func nearest(to point: GeoPoint, limit: Int) async throws -> [PointOfInterest] {
    try GeoQuery.check(point)
    return GeoQuery.nearest(point, limit: limit, among: snapshot())
  }

  @_optimize(speed)
  public func pointsOfInterest(within radius: Double, of point: GeoPoint) async throws
    -> [PointOfInterest]
  {
    try GeoQuery.check(point)
    try GeoQuery.check(distance: radius, "radius")
    return GeoQuery.within(radius, of: point, among: snapshot())
  }

  private func snapshot() -> Dictionary<Int64, PointOfInterest>.Values {
    state.withLock { $0.points.values }
  }
}
