import LoyaltyCore

/// The `pois_rtree` R*Tree index beside the `pois` table: one row per point, its fence's
/// bounding box (`min_lat`, `max_lat`, `min_lon`, `max_lon`), same id.
///
/// Schema version 2 creates it when the SQLite library has the R*Tree module
/// (`SQLiteLibrary.supportsVirtualTable`) and fills it from the points already stored;
/// without the module it is not created, and queries use the `pois_lat_lon` index
/// (``SQLitePOIStore/QueryPlan/boundingBox``). Every write to `pois` goes through
/// ``SQLitePOIStore``, which writes the box in the same transaction; a trigger removes
/// the box of any deleted point, whoever deletes it.
///
/// A fence whose box crosses the antimeridian or reaches a pole is indexed with every
/// longitude: the box only finds candidates, the exact distance decides.
enum POIIndex {
  /// The index table's name.
  static let table = "pois_rtree"

  /// Schema version 2: the location columns (and `unconfirmed`, the full sync's mark),
  /// the radius index, and the R*Tree.
  static func migrate(_ connection: SQLiteConnection) throws {
    try connection.executeScript(
      """
      ALTER TABLE pois ADD COLUMN merchant_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE pois ADD COLUMN name TEXT NOT NULL DEFAULT '';
      ALTER TABLE pois ADD COLUMN offer_title TEXT;
      ALTER TABLE pois ADD COLUMN offer_description TEXT;
      ALTER TABLE pois ADD COLUMN unconfirmed INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX pois_radius ON pois (radius);
      """)
    guard SQLiteLibrary.supportsVirtualTable("rtree", columns: "id, minX, maxX") else { return }
    try connection.executeScript(
      """
      CREATE VIRTUAL TABLE pois_rtree USING rtree (id, min_lat, max_lat, min_lon, max_lon);
      CREATE TRIGGER pois_rtree_delete AFTER DELETE ON pois BEGIN
        DELETE FROM pois_rtree WHERE id = old.id;
      END;
      """)
    var existing: [PointOfInterest] = []
    try connection.withStatement("SELECT id, lat, lon, radius FROM pois") { statement in
      while try statement.step() {
        existing.append(
          PointOfInterest(
            id: statement.int64(at: 0), latitude: statement.double(at: 1),
            longitude: statement.double(at: 2), radius: statement.double(at: 3)))
      }
    }
    try write(existing, in: connection)
  }

  /// Whether the database has the index.
  static func exists(in connection: SQLiteConnection) throws -> Bool {
    try connection.scalarInt(
      "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
    ) { try $0.bind(table, at: 1) } ?? 0 > 0
  }

  /// Writes (or replaces) the boxes of `points`. Runs inside the caller's transaction.
  static func write(_ points: [PointOfInterest], in connection: SQLiteConnection) throws {
    guard !points.isEmpty else { return }
    try connection.withStatement(
      "INSERT OR REPLACE INTO pois_rtree (id, min_lat, max_lat, min_lon, max_lon) "
        + "VALUES (?, ?, ?, ?, ?)"
    ) { statement in
      for point in points {
        let box = box(of: point)
        try statement.bind(point.id, at: 1)
        try statement.bind(box.minLatitude, at: 2)
        try statement.bind(box.maxLatitude, at: 3)
        try statement.bind(box.minLongitude, at: 4)
        try statement.bind(box.maxLongitude, at: 5)
        try statement.run()
        statement.reset()
      }
    }
  }

  /// The box a point's fence is indexed with: never wrapping.
  static func box(of point: PointOfInterest) -> GeoBoundingBox {
    var box = GeoDistance.boundingBox(around: point.center, radius: point.radius)
    if box.crossesAntimeridian {
      box.minLongitude = -180
      box.maxLongitude = 180
    }
    return box
  }
}
