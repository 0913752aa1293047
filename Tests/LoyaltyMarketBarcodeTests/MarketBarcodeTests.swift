import Foundation
import LoyaltyBarcode
import LoyaltyCore
import LoyaltyMarket
import LoyaltyMarketBarcode
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// The symbols of the sandbox's coupons and market pass, as a host drawing them gets them.
@Suite("Market barcodes: a coupon's and the pass's symbol")
struct MarketBarcodeTests {
  /// A client logged in as user 1 on an in-process sandbox, and its market.
  static func market() async throws -> (LoyaltyClient, Market) {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "barcode-test-key", bundleID: "com.example.barcode-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(
        seed: 5, campaigns: 10, personalizedCampaigns: 2, couponSets: 10, merchants: 5, users: 2))
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    let client = try await LoyaltyClient.start(
      configuration, modules: [MarketModule(), NetworkModule()], overrides: overrides)
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    return (client, try client.market)
  }

  @Test("every coupon of the sandbox is drawn as EAN-13 that reads back its barcode")
  func coupons() async throws {
    let (client, market) = try await Self.market()
    let coupons = try await market.coupons()
    #expect(!coupons.isEmpty)
    for coupon in coupons {
      let symbol = try coupon.barcodeSymbol()
      #expect(symbol.text == coupon.barcode)
      #expect(symbol.symbology == .ean13, "\(coupon.barcode)")
    }
    await client.shutdown()
  }

  @Test(
    "a real scanner reads each coupon's PNG back as its barcode",
    .enabled(if: ZBarScanner.shouldRun))
  func scanned() async throws {
    let scanner = try ZBarScanner.required()
    let (client, market) = try await Self.market()
    let coupons = try await market.coupons()
    await client.shutdown()
    var images: [(name: String, data: Data)] = []
    for (index, coupon) in coupons.enumerated() {
      images.append(("\(index).png", Data(try PNGRenderer().render(coupon.barcodeSymbol()))))
    }
    let readings = try await scanner.scan(images)
    for (index, coupon) in coupons.enumerated() {
      #expect(readings["\(index).png"] == [.init(type: "EAN-13", text: coupon.barcode)])
    }
  }

  @Test("the market pass is drawn in the symbology its barcode_type names")
  func marketPass() async throws {
    let (client, market) = try await Self.market()
    let pass = try await market.marketPassDetails()
    let symbol = try pass.barcodeSymbol()
    #expect(symbol.symbology == Symbology(serverName: pass.barcodeType))
    #expect(symbol.symbology == .ean13)
    #expect(symbol.text == pass.barcode)
    await client.shutdown()
  }

  /// A pass decoded from `fields`.
  static func pass(barcode: String, type: String?) throws -> MarketPassDetails {
    var fields: [String: JSONValue] = [
      "pass_uuid": "p-1", "barcode": .string(barcode), "status": "active",
      "supermarkets": .array([]),
    ]
    if let type { fields["barcode_type"] = .string(type) }
    return try JSONDecoder().decode(
      MarketPassDetails.self, from: JSONValue.object(fields).jsonData())
  }

  @Test("a pass without a type is drawn from its code; an unknown type or a wrong code throws")
  func passEdges() throws {
    #expect(try Self.pass(barcode: "5901234123457", type: nil).barcodeSymbol().symbology == .ean13)
    #expect(try Self.pass(barcode: "PASS-77", type: nil).barcodeSymbol().symbology == .code128)
    #expect(throws: BarcodeError(nil, .unknownSymbology("PDF417"))) {
      try Self.pass(barcode: "5901234123457", type: "PDF417").barcodeSymbol()
    }
    #expect(throws: BarcodeError(.ean13, .invalidCheckDigit(expected: "7", actual: "0"))) {
      try Self.pass(barcode: "5901234123450", type: "EAN13").barcodeSymbol()
    }
  }
}
