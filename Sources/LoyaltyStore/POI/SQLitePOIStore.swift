import LoyaltyCore

/// The points of interest in the `pois` table of a ``StoreDatabase``.
///
/// ```swift
/// let pois = database.pointsOfInterest
/// try await pois.upsert(downloaded)
/// let nearby = try await pois.pointsOfInterest(in: box)
/// ```
public struct SQLitePOIStore: Sendable {
  private static let columns = "SELECT id, lat, lon, radius FROM pois"

  private let database: StoreDatabase

  /// Creates a POI store on `database`.
  public init(database: StoreDatabase) {
    self.database = database
  }

  /// Inserts or replaces `points`, by id, in one transaction: all or none are stored.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` when a point's
  ///   coordinates or radius are out of range, before anything is written.
  public func upsert(_ points: [PointOfInterest]) async throws {
    guard !points.isEmpty else { return }
    if let invalid = points.first(where: { !$0.isValid }) {
      throw LoyaltyError(
        .invalidArgument,
        "A point of interest has coordinates or a radius out of range; none were stored.",
        metadata: ["poi": String(invalid.id)])
    }
    try database.write { connection in
      try connection.withStatement(
        """
        INSERT INTO pois (id, lat, lon, radius) VALUES (?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
          lat = excluded.lat, lon = excluded.lon, radius = excluded.radius
        """
      ) { statement in
        for point in points {
          try statement.bind(point.id, at: 1)
          try statement.bind(point.latitude, at: 2)
          try statement.bind(point.longitude, at: 3)
          try statement.bind(point.radius, at: 4)
          try statement.run()
          statement.reset()
        }
      }
    }
  }

  /// The points inside `box`, edges included, ordered by id.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid box.
  public func pointsOfInterest(in box: GeoBoundingBox) async throws -> [PointOfInterest] {
    guard box.isValid else {
      throw LoyaltyError(
        .invalidArgument, "The bounding box's edges are not finite, in range and ordered.")
    }
    let sql =
      box.crossesAntimeridian
      ? Self.columns
        + " WHERE lat BETWEEN ? AND ? AND (lon >= ? OR lon <= ?) ORDER BY id"
      : Self.columns + " WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? ORDER BY id"
    return try fetch(sql) { statement in
      try statement.bind(box.minLatitude, at: 1)
      try statement.bind(box.maxLatitude, at: 2)
      try statement.bind(box.minLongitude, at: 3)
      try statement.bind(box.maxLongitude, at: 4)
    }
  }

  /// The point with `id`, or `nil`.
  public func pointOfInterest(id: Int64) async throws -> PointOfInterest? {
    try fetch(Self.columns + " WHERE id = ?") { try $0.bind(id, at: 1) }.first
  }

  /// Every point, ordered by id.
  public func all() async throws -> [PointOfInterest] {
    try fetch(Self.columns + " ORDER BY id") { _ in }
  }

  /// How many points are stored.
  public func count() async throws -> Int {
    try database.withConnection { try $0.scalarInt("SELECT COUNT(*) FROM pois") ?? 0 }
  }

  /// Removes the points with `ids`; unknown ids are ignored.
  public func remove(ids: [Int64]) async throws {
    guard !ids.isEmpty else { return }
    try database.write { connection in
      try connection.withStatement("DELETE FROM pois WHERE id = ?") { statement in
        for id in ids {
          try statement.bind(id, at: 1)
          try statement.run()
          statement.reset()
        }
      }
    }
  }

  /// Removes every point.
  public func removeAll() async throws {
    try database.write { try $0.execute("DELETE FROM pois") }
  }

  private func fetch(
    _ sql: String, bind: (SQLiteStatement) throws -> Void
  ) throws -> [PointOfInterest] {
    try database.withConnection { connection in
      try connection.withStatement(sql) { statement in
        try bind(statement)
        var points: [PointOfInterest] = []
        while try statement.step() {
          points.append(
            PointOfInterest(
              id: statement.int64(at: 0), latitude: statement.double(at: 1),
              longitude: statement.double(at: 2), radius: statement.double(at: 3)))
        }
        return points
      }
    }
  }
}
