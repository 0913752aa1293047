import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyDirectory

@Suite("Directory field evolution")
struct FieldEvolutionTests {
  static let merchants = [
    DirectoryMerchant(
      id: 1, name: "Καφέ Λουμίδη", category: "Καφέ", denominationsType: "fixed", enabled: false,
      paymentTypes: [.dash], providers: [.ctx]),
    DirectoryMerchant(
      id: 2, name: "Φούρνος", category: "Αρτοποιείο", denominationsType: "min-max",
      enabled: true, paymentTypes: [.giftCard]),
  ]

  private func install(schema: Int, unsetEnabled: Set<Int> = []) async throws -> (
    DirectoryCenter, TemporaryFolder
  ) {
    let folder = try TemporaryFolder()
    let source = TestSnapshotSource()
    try source.publish(
      Self.merchants, version: 1, schemaVersion: schema, unsetEnabled: unsetEnabled)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    return (center, folder)
  }

  @Test("schema 1: denominationsType from redeemType, enabled from acceptsDash, both counted")
  func schema1() async throws {
    let (center, folder) = try await install(schema: 1)
    defer { folder.cleanup() }
    let first = try #require(try await center.merchant(id: 1))
    let second = try #require(try await center.merchant(id: 2))
    #expect(first.denominationsType == "fixed")
    #expect(second.denominationsType == "min-max")
    #expect(first.enabled == true, "acceptsDash is 1")
    #expect(second.enabled == false, "acceptsDash is 0")
    let info = try #require(await center.snapshotInfo())
    #expect(info.schemaVersion == 1)
    #expect(info.fallbacks["denominationsType<-redeemType"] == 2)
    #expect(info.fallbacks["enabled<-acceptsDash"] == 2)
  }

  @Test("schema 2: denominationsType read directly, enabled still from acceptsDash")
  func schema2() async throws {
    let (center, folder) = try await install(schema: 2)
    defer { folder.cleanup() }
    #expect(try await center.merchant(id: 2)?.denominationsType == "min-max")
    let info = try #require(await center.snapshotInfo())
    #expect(info.fallbacks["denominationsType<-redeemType"] == nil)
    #expect(info.fallbacks["enabled<-acceptsDash"] == 2)
  }

  @Test("schema 3: enabled read directly; a NULL enabled falls back to acceptsDash")
  func schema3() async throws {
    let (center, folder) = try await install(schema: 3, unsetEnabled: [2])
    defer { folder.cleanup() }
    #expect(try await center.merchant(id: 1)?.enabled == false)
    #expect(try await center.merchant(id: 2)?.enabled == false, "NULL enabled, acceptsDash 0")
    let info = try #require(await center.snapshotInfo())
    #expect(info.fallbacks == ["enabled<-acceptsDash": 1])
  }

  @Test("a merchant table without enabled or acceptsDash defaults enabled to true, counted")
  func defaultEnabled() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let file = folder.url.appendingPathComponent("bare.sqlite")
    try DirectorySnapshotWriter.write(Self.merchants, schemaVersion: 3, to: file)
    var sqlite = try Data(contentsOf: file)
    try FileManager.default.removeItem(at: file)
    // Rename the two columns in the file's schema text, keeping the length: the
    // mapping then sees neither.
    sqlite = replacing(
      sqlite, "acceptsDash INTEGER, enabled INTEGER", "acceptsDasX INTEGER, enableX INTEGER")
    let source = TestSnapshotSource()
    source.publish(sqlite: sqlite, version: 1, schemaVersion: 3)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    #expect(try await center.merchant(id: 1)?.enabled == true)
    #expect(await center.snapshotInfo()?.fallbacks["enabled<-default"] == 2)
  }

  @Test("an unknown newer schema is refused before downloading; the previous snapshot stays")
  func unknownSchema() async throws {
    let (center, folder) = try await install(schema: 3)
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(Self.merchants, version: 2, schemaVersion: 3)
    source.publish(sqlite: Data("x".utf8), version: 2, schemaVersion: 4)
    let newer = try DirectoryCenter(source: source, folder: folder.url)
    await expectCode(.directorySchemaUnsupported) { try await newer.sync() }
    #expect(source.snapshotRequests == 0)
    #expect(await newer.snapshotInfo()?.version == 1)
    #expect(try await newer.merchant(id: 1)?.name == "Καφέ Λουμίδη")
    _ = center
  }

  private func replacing(_ data: Data, _ old: String, _ new: String) -> Data {
    let oldBytes = Data(old.utf8)
    guard let range = data.range(of: oldBytes) else { return data }
    var copy = data
    copy.replaceSubrange(range, with: Data(new.utf8))
    return copy
  }
}
