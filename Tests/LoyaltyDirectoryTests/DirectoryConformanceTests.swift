import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

@testable import LoyaltyDirectory

/// Whether the CTX provider is compiled in (the suite's fixtures use it).
let ctxCompiledIn = DirectoryProviders.compiledIn.contains { $0.id == .ctx }

@Suite("SQLite merchant directory")
struct DirectoryConformanceTests {
  @Test(
    "passes the MerchantDirectory conformance suite",
    .enabled(if: ctxCompiledIn, "the fixtures' provider is compiled out"))
  func conformance() async throws {
    let folders = Locked<[TemporaryFolder]>([])
    defer { folders.withLock { $0.forEach { $0.cleanup() } } }
    try await MerchantDirectoryConformance.check(
      empty: {
        let folder = try TemporaryFolder()
        folders.withLock { $0.append(folder) }
        return try DirectoryCenter(source: TestSnapshotSource(), folder: folder.url)
      },
      filled: { merchants in
        let folder = try TemporaryFolder()
        folders.withLock { $0.append(folder) }
        let source = TestSnapshotSource()
        try source.publish(merchants, version: 1)
        let center = try DirectoryCenter(source: source, folder: folder.url)
        try await center.sync()
        return center
      })
  }

  @Test("bm25 ranks a name match above a tag match")
  func ranking() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(
      [
        DirectoryMerchant(id: 1, name: "Φούρνος", category: "Αρτοποιείο", tags: ["καφές"]),
        DirectoryMerchant(id: 2, name: "Καφές της γωνιάς", category: "Καφέ"),
      ], version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    let results = try await center.search(DirectoryQuery("καφες"))
    #expect(results.map(\.merchant.id) == [2, 1])
  }

  @Test(
    "a provider filter on a provider not enabled is refused; merchants list only enabled ones",
    .enabled(if: ctxCompiledIn, "the CTX provider is compiled out"))
  func enabledProviders() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(
      [
        DirectoryMerchant(
          id: 1, name: "Καφέ", paymentTypes: [.giftCard], providers: [.ctx, .piggyCards])
      ], version: 1)
    let center = try DirectoryCenter(
      source: source, folder: folder.url,
      configuration: DirectoryConfiguration(enabledProviders: [.ctx]))
    try await center.sync()
    #expect(center.providers.map(\.id) == [.ctx])
    #expect(try await center.merchant(id: 1)?.providers == [.ctx])
    await expectCode(.directoryProviderDisabled) {
      _ = try await center.search(DirectoryQuery("", provider: .piggyCards))
    }
    let merchant = try #require(try await center.merchant(id: 1))
    #expect(center.provider(.ctx)?.purchaseURL(for: merchant) != nil)
  }

  @Test("every provider compiled in is behind the one protocol, in id order")
  func compiledProviders() {
    let ids = DirectoryProviders.compiledIn.map(\.id)
    #expect(ids == ids.sorted())
    #if DirectoryProviderCTX
      #expect(ids.contains(.ctx))
    #else
      #expect(!ids.contains(.ctx))
    #endif
    #if DirectoryProviderPiggyCards
      #expect(ids.contains(.piggyCards))
    #else
      #expect(!ids.contains(.piggyCards))
    #endif
  }

  @Test("FTS5 is detected in the system SQLite")
  func fullTextDetected() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish([DirectoryMerchant(id: 1, name: "Καφέ")], version: 1)
    let center = try DirectoryCenter(
      source: source, folder: folder.url,
      configuration: DirectoryConfiguration(requireFullTextSearch: true))
    try await center.sync()
    #expect(await center.snapshotInfo()?.fullTextSearch == true)
  }
}
