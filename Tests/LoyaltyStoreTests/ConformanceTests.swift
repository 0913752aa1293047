import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("Capability contracts")
struct ConformanceTests {
  @Test func tokenStoreInClear() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await TokenStoreConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      return SQLiteTokenStore(database: database)
    }
  }

  @Test func tokenStoreEncrypted() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await TokenStoreConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory, encryption: true))
      let store = SQLiteTokenStore(database: database, cipher: TestFieldCipher())
      #expect(store.encryptsWrites)
      return store
    }
  }

  @Test func tokenStoreWithoutCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await TokenStoreConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      return SQLiteTokenStore(database: database, cacheDuration: 0)
    }
  }

  @Test func keyValueStore() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await KeyValueStoreConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      return SQLiteKeyValueStore(database: database)
    }
  }

  @Test(
    "the point-of-interest store, through the R*Tree and through the bounding box",
    arguments: [SQLitePOIStore.QueryPlan.rTree, .boundingBox])
  func pointOfInterestStore(plan: SQLitePOIStore.QueryPlan) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await PointOfInterestStoreConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      let store = SQLitePOIStore(database: database, plan: plan)
      #expect(store.plan == plan)
      return store
    }
  }

  @Test func eventQueue() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let opened = OpenedDatabases()
    defer { opened.closeAll() }
    try await EventQueueConformance.check {
      let database = opened.keep(
        try StoreTestSupport.open("\(UUID().uuidString).db", in: directory))
      return SQLiteEventQueue(database: database)
    }
  }

  @Test func testCipherKeepsTheFieldCipherContract() async throws {
    try await FieldCipherConformance.check(
      { TestFieldCipher() }, otherKey: { TestFieldCipher(key: "another-key-987654") })
  }
}
