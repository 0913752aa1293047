import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

/// The market cache as ``StoreModule`` provides it: persistent, encrypted with the
/// registered cipher, in the export, gone with an erase.
@Suite("StoreModule: the market cache")
struct MarketCacheModuleTests {
  typealias Support = MarketCacheTestSupport

  private static func start(
    _ directory: TemporaryDirectory, encryption: Bool = true
  ) async throws -> LoyaltyClient {
    var overrides = CapabilityOverrides()
    overrides.override(.fieldCipher, with: TestFieldCipher())
    return try await LoyaltyClient.start(
      StoreTestSupport.configuration(directory: directory, encryption: encryption),
      modules: [StoreModule(location: .file(directory.file("module.db")))],
      overrides: overrides)
  }

  @Test("the module provides an encrypted SQLite market cache that outlives the client")
  func storeModuleProvidesAPersistentMarketCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = "MODULE-CACHE-0b7e31"
    let answer = Support.answer(marker: marker)
    let client = try await Self.start(directory)
    let cache = try #require(try client.resolve(.marketCache) as? SQLiteMarketCache)
    #expect(cache.encryptsWrites)
    let identifier = ModuleIdentifier(product: "LoyaltyStore", name: "StoreModule")
    #expect(client.source(of: .marketCache) == .module(identifier))
    try await cache.store(answer)
    await client.shutdown()
    #expect(Support.files(in: directory, holding: marker).isEmpty)

    let restarted = try await Self.start(directory)
    let again = try restarted.resolve(.marketCache)
    #expect(try await again.answer(forKey: answer.key, owner: answer.owner) == answer)
    await restarted.shutdown()
  }

  @Test("the export lists every cached answer: owner, key, kind, dates and body")
  func storeModuleExportHasTheMarketCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await Self.start(directory)
    let cache = try client.resolve(.marketCache)
    let json = Support.answer(key: "coupons", marker: "EXPORT-CACHE-JSON", tag: 1)
    var binary = Support.answer(
      key: "campaigns", owner: MarketCacheOwner.anonymous, marker: "x", tag: 2)
    binary.body = Data([0xff, 0x00, 0xfe])
    binary.kind = "campaigns"
    try await cache.store(json)
    try await cache.store(binary)

    let export = try await client.exportData()
    let section = try #require(export["modules"]?["LoyaltyStore"]?["marketCache"])
    func entry(_ answer: CachedAnswer) -> JSONValue {
      .object([
        "owner": .string(answer.owner), "key": .string(answer.key),
        "kind": .string(answer.kind), "answeredAt": .exportDate(answer.answeredAt),
        "storedAt": .exportDate(answer.storedAt), "body": .exportValue(of: answer.body),
      ])
    }
    #expect(section == .array([entry(binary), entry(json)]))
    let entries = try #require(section.arrayValue)
    #expect(entries.first?["body"] == .object(["base64": .string("/wD+")]))
    #expect(
      entries.last?["body"]?["coupons"]?.arrayValue?.first?["id"]
        == .string("EXPORT-CACHE-JSON"))
    #expect(export["modules"]?["LoyaltyStore"]?["error"] == nil)

    try await cache.removeAll()
    let empty = try await client.exportData()
    #expect(empty["modules"]?["LoyaltyStore"]?["marketCache"] == .array([]))
    await client.shutdown()
  }

  @Test("erasing the client's data deletes the market cache with the database")
  func eraseRemovesTheMarketCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = "ERASE-CACHE-6c1f08"
    let client = try await Self.start(directory, encryption: false)
    try await client.resolve(.marketCache).store(Support.answer(marker: marker, bytes: 20_000))
    #expect(!Support.files(in: directory, holding: marker).isEmpty)
    let report = await client.eraseAllData()
    #expect(report.failures.isEmpty)
    #expect(!directory.contents().contains { $0.hasPrefix("module.db") })
    #expect(Support.files(in: directory, holding: marker).isEmpty)

    let fresh = try await Self.start(directory)
    #expect(try await fresh.resolve(.marketCache).answers().isEmpty)
    await fresh.shutdown()
  }
}
