import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("POI R*Tree index")
struct POIIndexTests {
  static let shop = PointOfInterest(
    id: 1, latitude: 37.9755, longitude: 23.7348, radius: 100, merchantID: "m1", name: "Shop",
    offerTitle: "Offer", offerDescription: "Details")

  @Test("the system library has the R*Tree module and the store uses it")
  func detectedAtOpen() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let logs = InMemoryLogHandler()
    let database = try StoreTestSupport.open(
      in: directory, logger: LoyaltyLogger(label: "LoyaltyStore", level: .warning, handler: logs))
    defer { database.close() }
    #expect(SQLiteLibrary.supportsVirtualTable("rtree", columns: "id, minX, maxX"))
    #expect(database.hasPOIIndex)
    #expect(database.pointsOfInterest.plan == .rTree)
    #expect(!logs.records.contains { $0.message.contains("R*Tree") })
  }

  @Test("every write keeps the index in step with the table")
  func indexFollowsWrites() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let pois = database.pointsOfInterest
    func indexed() async throws -> Int {
      try await database.withConnection {
        try $0.scalarInt("SELECT COUNT(*) FROM pois_rtree") ?? -1
      }
    }
    try await pois.upsert([Self.shop, PointOfInterest(id: 2, latitude: 1, longitude: 2, radius: 5)])
    #expect(try await indexed() == 2)
    try await pois.remove(ids: [2])
    #expect(try await indexed() == 1)
    try await pois.replaceAll(with: [Self.shop])
    #expect(try await indexed() == 1)
    try await pois.retainOnly(ids: [])
    #expect(try await indexed() == 0)
    try await pois.upsert([Self.shop])
    try await pois.removeAll()
    #expect(try await indexed() == 0)
  }

  @Test("migrating a version 1 database indexes the points it already has")
  func migrationFillsTheIndex() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try StoreTestSupport.open(
      in: directory, migrations: Array(StoreSchema.migrations.prefix(1)))
    try await old.write { connection in
      try connection.execute(
        "INSERT INTO pois (id, lat, lon, radius) VALUES (7, 37.9755, 23.7348, 100)")
    }
    old.close()

    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    #expect(try await database.schemaVersion() == StoreSchema.latestVersion)
    let found = try await database.pointsOfInterest.pointsOfInterest(containing: Self.shop.center)
    #expect(found.map(\.id) == [7])
    #expect(found.first?.merchantID == "")
  }

  @Test("the bounding-box plan gives the same answers as the R*Tree")
  func plansAgree() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    var generator = SystemRandomNumberGenerator()
    let points = (1...500).map { index in
      PointOfInterest(
        id: Int64(index), latitude: 37.9 + Double.random(in: 0..<0.2, using: &generator),
        longitude: 23.6 + Double.random(in: 0..<0.2, using: &generator),
        radius: Double.random(in: 20..<400, using: &generator))
    }
    let rTree = SQLitePOIStore(database: database, plan: .rTree)
    let box = SQLitePOIStore(database: database, plan: .boundingBox)
    let memory = InMemoryPointOfInterestStore(points)
    try await rTree.upsert(points)
    for _ in 0..<50 {
      let here = GeoPoint(
        latitude: 37.9 + Double.random(in: 0..<0.2, using: &generator),
        longitude: 23.6 + Double.random(in: 0..<0.2, using: &generator))
      let expected = try await memory.pointsOfInterest(containing: here, margin: 30).map(\.id)
      #expect(try await rTree.pointsOfInterest(containing: here, margin: 30).map(\.id) == expected)
      #expect(try await box.pointsOfInterest(containing: here, margin: 30).map(\.id) == expected)
      let nearest = try await memory.nearest(to: here, limit: 20).map(\.id)
      #expect(try await rTree.nearest(to: here, limit: 20).map(\.id) == nearest)
      #expect(try await box.nearest(to: here, limit: 20).map(\.id) == nearest)
    }
  }
}

@Suite("POI store without R*Tree")
struct POIFallbackTests {
  @Test("a database without the index: one warning at open, the bounding-box plan, same answers")
  func fallback() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try StoreTestSupport.open(in: directory)
    try await first.write { connection in
      try connection.executeScript(
        "DROP TRIGGER pois_rtree_delete; DROP TABLE pois_rtree;")
    }
    first.close()

    let logs = InMemoryLogHandler()
    let database = try StoreTestSupport.open(
      in: directory, logger: LoyaltyLogger(label: "LoyaltyStore", level: .warning, handler: logs))
    defer { database.close() }
    #expect(!database.hasPOIIndex)
    let warnings = logs.records.filter { $0.level == .warning && $0.message.contains("R*Tree") }
    #expect(warnings.count == 1)
    let store = SQLitePOIStore(database: database, plan: .rTree)
    #expect(store.plan == .boundingBox, "asking for the R*Tree without it gives the box")
    try await store.upsert([POIIndexTests.shop])
    #expect(
      try await store.pointsOfInterest(containing: POIIndexTests.shop.center).map(\.id) == [1])
    try await store.remove(ids: [1])
    #expect(try await store.count() == 0)
  }
}
