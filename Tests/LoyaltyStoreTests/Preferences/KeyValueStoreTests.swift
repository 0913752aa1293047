import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("SQLiteKeyValueStore")
struct KeyValueStoreTests {
  @Test func valuesPersistAcrossReopen() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let store = SQLiteKeyValueStore(database: database)
    try await store.set(Data([1, 2, 3]), forKey: "bytes")
    try await store.set(Data(), forKey: "empty")
    try await store.set(["language": "el"], forKey: "settings")
    database.close()

    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let again = SQLiteKeyValueStore(database: reopened)
    #expect(try await again.data(forKey: "bytes") == Data([1, 2, 3]))
    #expect(try await again.data(forKey: "empty") == Data())
    #expect(try await again.value([String: String].self, forKey: "settings") == ["language": "el"])
    #expect(try await again.keys() == ["bytes", "empty", "settings"])
  }

  @Test func aClosedDatabaseThrowsDatabaseClosed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    database.close()
    #expect(!database.isOpen)
    let error = await #expect(throws: LoyaltyError.self) {
      try await SQLiteKeyValueStore(database: database).keys()
    }
    #expect(error?.code == .databaseClosed)
  }
}
