import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@testable import LoyaltyDirectory

@Suite("Directory merchant details")
struct DirectoryMerchantDetailsTests {
  static let merchants = [
    DirectoryMerchant(
      id: 1, name: "Καφέ Λουμίδη", category: "Καφέ", denominationsType: "fixed",
      paymentTypes: [.giftCard], logoLocation: "https://cdn.example/loumidis.png",
      website: "https://loumidis.example", ctxMerchantId: "ctx-77",
      denominations: .fixed([10, 25, 50])),
    DirectoryMerchant(
      id: 2, name: "GameStop", category: "Games", denominationsType: "min-max",
      paymentTypes: [.giftCard], denominations: .flexible(min: 5, max: Decimal(string: "500.50"))),
    DirectoryMerchant(
      id: 3, name: "Drift", category: "Games", denominationsType: "flexible",
      paymentTypes: [.giftCard], denominations: .flexible(min: 100, max: 10)),
  ]

  private func install(schema: Int = 3) async throws -> (DirectoryCenter, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let source = TestSnapshotSource()
    try source.publish(Self.merchants, version: 1, schemaVersion: schema)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    return (center, folder)
  }

  @Test("logo, website and CTX id come from the snapshot, by id and by search")
  func details() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let merchant = try #require(try await center.merchant(id: 1))
    #expect(merchant.logoLocation == "https://cdn.example/loumidis.png")
    #expect(merchant.website == "https://loumidis.example")
    #expect(merchant.ctxMerchantId == "ctx-77")
    #expect(merchant.denominations == .fixed([10, 25, 50]))
    let found = try await center.search(DirectoryQuery("λουμιδη"))
    #expect(found.first?.merchant.ctxMerchantId == "ctx-77")
    #expect(try await center.merchant(id: 2)?.logoLocation == nil)
    #expect(
      try await center.merchant(id: 2)?.denominations
        == .flexible(min: 5, max: Decimal(string: "500.50")))
  }

  @Test("a schema without the columns gives none, each fallback counted")
  func olderSchema() async throws {
    let (center, folder) = try await install(schema: 2)
    defer { folder.cleanup() }
    let merchant = try #require(try await center.merchant(id: 1))
    #expect(merchant.logoLocation == nil)
    #expect(merchant.website == nil)
    #expect(merchant.ctxMerchantId == nil)
    #expect(merchant.denominations == .fixed([]))
    #expect(try await center.merchant(id: 2)?.denominations == .flexible(min: nil, max: nil))
    let info = try #require(await center.snapshotInfo())
    #expect(info.fallbacks["logoLocation<-none"] == 3)
    #expect(info.fallbacks["website<-none"] == 3)
    #expect(info.fallbacks["ctxMerchantId<-none"] == 3)
  }

  @Test("a flexible range: exactly min and max allowed, one cent outside refused")
  func rangeBoundaries() throws {
    let range = DirectoryDenominations.flexible(min: 5, max: Decimal(string: "500.50"))
    #expect(range.isFlexible)
    #expect(range.allows(5))
    #expect(!range.allows(Decimal(string: "4.99") ?? 0))
    #expect(range.allows(Decimal(string: "500.50") ?? 0))
    #expect(!range.allows(Decimal(string: "500.51") ?? 0))
    #expect(!range.allows(0))
    let open = DirectoryDenominations.flexible(min: nil, max: nil)
    #expect(open.allows(1))
    #expect(!open.allows(-1))
  }

  @Test("fixed amounts: only the listed ones; an empty list allows none")
  func fixedAmounts() {
    let fixed = DirectoryDenominations.fixed([10, 25])
    #expect(!fixed.isFlexible)
    #expect(fixed.allows(10))
    #expect(!fixed.allows(Decimal(string: "10.01") ?? 0))
    #expect(!fixed.allows(Decimal(string: "9.99") ?? 0))
    #expect(!DirectoryDenominations.fixed([]).allows(10))
  }

  @Test(
    "a range is drift only with its minimum above its maximum: one amount is a valid range",
    arguments: [("25.00", "25", false), ("25.01", "25", true), ("24.99", "25", false)])
  func driftBoundary(minimum: String, maximum: String, drifted: Bool) {
    let range = DirectoryDenominations.flexible(
      min: Decimal(string: minimum), max: Decimal(string: maximum))
    #expect(range.isDrifted == drifted)
    // A one-amount range allows that amount, and only it.
    if minimum == "25.00" {
      #expect(range.allows(25))
      #expect(!range.allows(Decimal(string: "25.01") ?? 0))
    }
  }

  @Test("min above max is drift: no amount allowed, no flexible amounts shown, counted")
  func drift() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let merchant = try #require(try await center.merchant(id: 3))
    #expect(merchant.denominations.isDrifted)
    #expect(!merchant.denominations.allows(50))
    #expect(!merchant.denominations.allows(100))
    #expect(!merchant.shouldShowFlexibleAmounts)
    #expect(await center.snapshotInfo()?.fallbacks["denominations<-drift(min>max)"] == 1)
  }

  @Test("flexible amounts are shown for an enabled gift-card merchant with a range only")
  func showFlexible() {
    var merchant = DirectoryMerchant(
      id: 1, name: "GameStop", denominationsType: "min-max", paymentTypes: [.giftCard])
    #expect(merchant.shouldShowFlexibleAmounts)
    merchant.enabled = false
    #expect(!merchant.shouldShowFlexibleAmounts)
    merchant.enabled = true
    merchant.paymentTypes = [.dash]
    #expect(!merchant.shouldShowFlexibleAmounts)
    let fixed = DirectoryMerchant(
      id: 2, name: "Fixed", denominationsType: "fixed", paymentTypes: [.giftCard])
    #expect(!fixed.shouldShowFlexibleAmounts)
    let unknown = DirectoryMerchant(id: 3, name: "Unknown", paymentTypes: [.giftCard])
    #expect(unknown.denominations == .fixed([]), "no type: fixed, the seed's default")
  }

  @Test("denominations survive JSON; a merchant without them keeps its old JSON")
  func coding() throws {
    let merchant = Self.merchants[1]
    let data = try JSONEncoder().encode(merchant)
    #expect(try JSONDecoder().decode(DirectoryMerchant.self, from: data) == merchant)
    let plain = DirectoryMerchant(id: 9, name: "Plain", denominationsType: "min-max")
    let text = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(!text.contains("denominations\""))
  }

  @Test("an index of the previous layout is built again when the directory opens")
  func layoutUpgrade() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    center.shutdown()
    let name = try String(contentsOf: folder.url.appendingPathComponent("current"), encoding: .utf8)
    let file = folder.url.appendingPathComponent(
      name.trimmingCharacters(in: .whitespacesAndNewlines))
    do {
      let connection = try SQLiteConnection(url: file, generation: 0)
      defer { connection.close() }
      try connection.executeScript(
        """
        ALTER TABLE dir_merchant DROP COLUMN denominations;
        ALTER TABLE dir_merchant DROP COLUMN ctx_merchant_id;
        DELETE FROM dir_info WHERE key = 'layout';
        """)
    }
    let reopened = try DirectoryCenter(source: TestSnapshotSource(), folder: folder.url)
    defer { reopened.shutdown() }
    let merchant = try #require(try await reopened.merchant(id: 1))
    #expect(merchant.ctxMerchantId == "ctx-77")
    #expect(merchant.denominations == .fixed([10, 25, 50]))
    #expect(await reopened.snapshotInfo()?.version == 1)
  }
}
