public import LoyaltyCore

/// The points of interest in the `pois` table of a ``StoreDatabase``, queried through the
/// `pois_rtree` R*Tree index when the database has it.
///
/// ```swift
/// let pois = database.pointsOfInterest
/// try await pois.upsert(downloaded)
/// let here = try await pois.pointsOfInterest(containing: position)
/// ```
///
/// When the SQLite library lacks the R*Tree module the database says so once in a
/// warning at open, and queries use the bounding-box query on `pois_lat_lon`
/// (``QueryPlan/boundingBox``): same answers, slower with many points.
public struct SQLitePOIStore: PointOfInterestStore {
  /// How queries find their candidates.
  public enum QueryPlan: String, Sendable, Hashable {
    /// Through the `pois_rtree` R*Tree of each fence's box.
    case rTree
    /// Through the `(lat, lon)` index of the centres, widened by the largest radius.
    case boundingBox
  }

  private static let columns =
    "SELECT id, lat, lon, radius, merchant_id, name, offer_title, offer_description FROM pois"
  private static let joinedColumns =
    "SELECT p.id, p.lat, p.lon, p.radius, p.merchant_id, p.name, p.offer_title, "
    + "p.offer_description FROM pois_rtree r JOIN pois p ON p.id = r.id"
  private static let versionKey = "poi_sync_version"

  private let database: StoreDatabase
  /// The plan this store's queries use.
  public let plan: QueryPlan

  /// Creates a POI store on `database`.
  /// - Parameters:
  ///   - database: The open store database that holds the points.
  ///   - plan: The plan to use; by default the R*Tree when the database has it. Asking
  ///     for ``QueryPlan/rTree`` on a database without it gives ``QueryPlan/boundingBox``.
  public init(database: StoreDatabase, plan: QueryPlan? = nil) {
    self.database = database
    self.plan = database.hasPOIIndex ? (plan ?? .rTree) : .boundingBox
  }

  /// Inserts or replaces `points`, by id, in one transaction: all or none are stored.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPointOfInterest`` when a point's
  ///   coordinates or radius are out of range, before anything is written.
  public func upsert(_ points: [PointOfInterest]) async throws {
    guard !points.isEmpty else { return }
    try GeoQuery.check(points)
    try await database.write { connection in
      try connection.transaction { try insert(points, connection) }
    }
  }

  /// Replaces every point with `points`, in one transaction.
  public func replaceAll(with points: [PointOfInterest]) async throws {
    try GeoQuery.check(points)
    try await database.write { connection in
      try connection.transaction {
        try connection.execute("DELETE FROM pois")
        try insert(points, connection)
      }
    }
  }

  /// Removes every point whose id is not in `ids`, in one transaction.
  public func retainOnly(ids: Set<Int64>) async throws {
    try await database.write { connection in
      try connection.transaction {
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS pois_keep (id INTEGER PRIMARY KEY)")
        try connection.execute("DELETE FROM pois_keep")
        try connection.withStatement("INSERT OR IGNORE INTO pois_keep (id) VALUES (?)") {
          statement in
          for id in ids {
            try statement.bind(id, at: 1)
            try statement.run()
            statement.reset()
          }
        }
        try connection.execute("DELETE FROM pois WHERE id NOT IN (SELECT id FROM pois_keep)")
        try connection.execute("DELETE FROM pois_keep")
      }
    }
  }

  /// Marks every point unconfirmed (the `unconfirmed` column); upserts confirm.
  public func beginFullSync() async throws {
    try await database.write { try $0.execute("UPDATE pois SET unconfirmed = 1") }
  }

  /// Removes the points still unconfirmed, in one transaction, reading no ids.
  @discardableResult
  public func endFullSync() async throws -> Int {
    try await database.write { connection in
      let count = try connection.scalarInt("SELECT COUNT(*) FROM pois WHERE unconfirmed = 1") ?? 0
      try connection.execute("DELETE FROM pois WHERE unconfirmed = 1")
      return count
    }
  }

  /// The points inside `box`, edges included, ordered by id.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid box.
  @_optimize(speed)
  public func pointsOfInterest(in box: GeoBoundingBox) async throws -> [PointOfInterest] {
    guard box.isValid else {
      throw LoyaltyError(
        .invalidArgument, "The bounding box's edges are not finite, in range and ordered.")
    }
    return try await centres(in: box).sorted { $0.id < $1.id }
  }

  /// The point with `id`, or `nil`.
  public func pointOfInterest(id: Int64) async throws -> PointOfInterest? {
    try await fetch(Self.columns + " WHERE id = ?") { try $0.bind(id, at: 1) }.first
  }

  /// Every point, ordered by id.
  public func all() async throws -> [PointOfInterest] {
    try await fetch(Self.columns + " ORDER BY id") { _ in }
  }

  /// How many points are stored.
  public func count() async throws -> Int {
    try await database.withConnection { try $0.scalarInt("SELECT COUNT(*) FROM pois") ?? 0 }
  }

  /// Removes the points with `ids`; unknown ids are ignored.
  public func remove(ids: [Int64]) async throws {
    guard !ids.isEmpty else { return }
    try await database.write { connection in
      try connection.transaction {
        try connection.withStatement("DELETE FROM pois WHERE id = ?") { statement in
          for id in ids {
            try statement.bind(id, at: 1)
            try statement.run()
            statement.reset()
          }
        }
      }
    }
  }

  /// Removes every point.
  public func removeAll() async throws {
    try await database.write { try $0.execute("DELETE FROM pois") }
  }

  /// The version of the last completed sync, kept in `store_meta`.
  public func syncVersion() async throws -> String? {
    try await database.withConnection { connection in
      try connection.withStatement("SELECT value FROM store_meta WHERE key = ?") { statement in
        try statement.bind(Self.versionKey, at: 1)
        return try statement.step() ? statement.text(at: 0) : nil
      }
    }
  }

  /// Records the version of a completed sync; `nil` forgets it.
  public func setSyncVersion(_ version: String?) async throws {
    try await database.write { connection in
      guard let version else {
        try connection.withStatement("DELETE FROM store_meta WHERE key = ?") { statement in
          try statement.bind(Self.versionKey, at: 1)
          try statement.run()
        }
        return
      }
      try connection.withStatement(
        "INSERT INTO store_meta (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
      ) { statement in
        try statement.bind(Self.versionKey, at: 1)
        try statement.bind(version, at: 2)
        try statement.run()
      }
    }
  }

  /// The points whose fence, widened by `margin` metres, contains `point`, nearest first.
  @_optimize(speed)
  public func pointsOfInterest(containing point: GeoPoint, margin: Double) async throws
    -> [PointOfInterest]
  {
    try GeoQuery.check(point)
    try GeoQuery.check(distance: margin, "margin")
    let candidates: [PointOfInterest]
    switch plan {
    case .rTree:
      candidates = try await fences(
        overlapping: GeoDistance.boundingBox(around: point, radius: margin))
    case .boundingBox:
      let largest = try await database.withConnection {
        try $0.withStatement("SELECT MAX(radius) FROM pois") { statement in
          try statement.step() ? statement.double(at: 0) : 0
        }
      }
      candidates = try await centres(
        in: GeoDistance.boundingBox(around: point, radius: margin + largest))
    }
    return GeoQuery.containing(point, margin: margin, among: candidates)
  }

  /// The points whose centres lie within `radius` metres of `point`, nearest first.
  @_optimize(speed)
  public func pointsOfInterest(within radius: Double, of point: GeoPoint) async throws
    -> [PointOfInterest]
  {
    try GeoQuery.check(point)
    try GeoQuery.check(distance: radius, "radius")
    return try await within(radius, of: point)
  }

  /// The `limit` points nearest `point`: a box that grows fourfold until it holds
  /// enough points, then the whole table.
  @_optimize(speed)
  public func nearest(to point: GeoPoint, limit: Int) async throws -> [PointOfInterest] {
    try GeoQuery.check(point)
    guard limit > 0 else { return [] }
    var radius = 1_000.0
    while radius < GeoDistance.earthRadius * Double.pi {
      let found = try await within(radius, of: point)
      if found.count >= limit { return Array(found.prefix(limit)) }
      radius *= 4
    }
    return GeoQuery.nearest(point, limit: limit, among: try await all())
  }

  /// Not inlined, and one `await` before the scan: the scan, inlined for speed, is then
  /// compiled once instead of once per caller and per branch.
  @_optimize(speed)
  @inline(never)
  private func within(_ radius: Double, of point: GeoPoint) async throws -> [PointOfInterest] {
    let box = GeoDistance.boundingBox(around: point, radius: radius)
    let candidates = try await candidates(in: box)
    return GeoQuery.within(radius, of: point, among: candidates)
  }

  /// The points the query plan's index finds in `box`.
  private func candidates(in box: GeoBoundingBox) async throws -> [PointOfInterest] {
    plan == .rTree ? try await fences(overlapping: box) : try await centres(in: box)
  }

  /// The points whose indexed fence box overlaps `box`.
  @_optimize(speed)
  private func fences(overlapping box: GeoBoundingBox) async throws -> [PointOfInterest] {
    var points: [PointOfInterest] = []
    for part in box.unwrapped {
      points += try await fetch(
        Self.joinedColumns
          + " WHERE r.max_lat >= ? AND r.min_lat <= ? AND r.max_lon >= ? AND r.min_lon <= ?"
      ) { statement in
        try statement.bind(part.minLatitude, at: 1)
        try statement.bind(part.maxLatitude, at: 2)
        try statement.bind(part.minLongitude, at: 3)
        try statement.bind(part.maxLongitude, at: 4)
      }
    }
    return unique(points)
  }

  /// The points whose centre lies in `box`.
  @_optimize(speed)
  private func centres(in box: GeoBoundingBox) async throws -> [PointOfInterest] {
    var points: [PointOfInterest] = []
    for part in box.unwrapped {
      points += try await fetch(
        Self.columns + " WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?"
      ) { statement in
        try statement.bind(part.minLatitude, at: 1)
        try statement.bind(part.maxLatitude, at: 2)
        try statement.bind(part.minLongitude, at: 3)
        try statement.bind(part.maxLongitude, at: 4)
      }
    }
    return unique(points)
  }

  @_optimize(speed)
  private func unique(_ points: [PointOfInterest]) -> [PointOfInterest] {
    var seen = Set<Int64>()
    return points.filter { seen.insert($0.id).inserted }
  }

  /// Writes `points` and their index boxes. Runs inside the caller's transaction.
  private func insert(_ points: [PointOfInterest], _ connection: SQLiteConnection) throws {
    try connection.withStatement(
      """
      INSERT INTO pois (id, lat, lon, radius, merchant_id, name, offer_title, offer_description)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET
        lat = excluded.lat, lon = excluded.lon, radius = excluded.radius,
        merchant_id = excluded.merchant_id, name = excluded.name,
        offer_title = excluded.offer_title, offer_description = excluded.offer_description,
        unconfirmed = 0
      """
    ) { statement in
      for point in points {
        try statement.bind(point.id, at: 1)
        try statement.bind(point.latitude, at: 2)
        try statement.bind(point.longitude, at: 3)
        try statement.bind(point.radius, at: 4)
        try statement.bind(point.merchantID, at: 5)
        try statement.bind(point.name, at: 6)
        try statement.bind(point.offerTitle, at: 7)
        try statement.bind(point.offerDescription, at: 8)
        try statement.run()
        statement.reset()
      }
    }
    if database.hasPOIIndex { try POIIndex.write(points, in: connection) }
  }

  @_optimize(speed)
  private func fetch(
    _ sql: String, bind: @escaping @Sendable (SQLiteStatement) throws -> Void
  ) async throws -> [PointOfInterest] {
    try await database.withConnection { connection in
      try connection.withStatement(sql) { statement in
        try bind(statement)
        var points: [PointOfInterest] = []
        while try statement.step() {
          points.append(
            PointOfInterest(
              id: statement.int64(at: 0), latitude: statement.double(at: 1),
              longitude: statement.double(at: 2), radius: statement.double(at: 3),
              merchantID: statement.text(at: 4) ?? "", name: statement.text(at: 5) ?? "",
              offerTitle: statement.text(at: 6), offerDescription: statement.text(at: 7)))
        }
        return points
      }
    }
  }
}
