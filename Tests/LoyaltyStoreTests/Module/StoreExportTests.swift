import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

/// The store's section of the export: what it lists from the preferences.
@Suite("StoreModule: the export's preferences")
struct StoreExportTests {
  @Test("the export lists every preference but the privacy record, and masks token values")
  func exportListsPreferencesButThePrivacyRecord() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await LoyaltyClient.start(
      StoreTestSupport.configuration(directory: directory),
      modules: [StoreModule(location: .file(directory.file("module.db")))])
    let preferences = try client.resolve(.keyValueStore)
    try await preferences.set(Data("Ada".utf8), forKey: "host.nickname")
    try await preferences.set(Data("push-token-value-7731".utf8), forKey: "host.pushToken")
    // The privacy record: the enabled features as bits.
    try await preferences.set(Data("1".utf8), forKey: SQLitePrivacyStore.key)

    let export = try await client.exportData()
    let section = try #require(export["modules"]?["LoyaltyStore"]?["preferences"])
    #expect(section["host.nickname"]?.stringValue == "Ada")
    #expect(section["host.pushToken"] != nil)
    #expect(section["host.pushToken"]?.stringValue != "push-token-value-7731")
    #expect(section[SQLitePrivacyStore.key] == nil, "the privacy record has its own section")
    await client.shutdown()
  }
}
