import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("PrivacyStore conformance")
struct PrivacyStoreConformanceTests {
  @Test("InMemoryPrivacyStore keeps the contract")
  func inMemory() async throws {
    try await PrivacyStoreConformance.check { InMemoryPrivacyStore() }
  }

  @Test("SQLitePrivacyStore keeps the contract, across a reopen")
  func sqlite() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyPrivacyStore-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.privacy-store",
      preset: .testing)
    let file = directory.appendingPathComponent("privacy.db")
    let databases = Locked<[StoreDatabase]>([])
    defer { for database in databases.withLock({ $0 }) { database.close() } }
    let open: @Sendable () throws -> any PrivacyStore = {
      let database = try StoreDatabase(location: .file(file), configuration: configuration)
      databases.withLock { $0.append(database) }
      return SQLitePrivacyStore(database: database)
    }
    try await PrivacyStoreConformance.check({ try open() }, reopen: { _ in try open() })
  }

  @Test("an in-memory store forgets nothing it was given, a fresh one holds no choice")
  func inMemoryInitialChoice() async throws {
    #expect(await InMemoryPrivacyStore([.location]).storedFeatures() == [.location])
    #expect(await InMemoryPrivacyStore().storedFeatures() == nil)
  }
}
