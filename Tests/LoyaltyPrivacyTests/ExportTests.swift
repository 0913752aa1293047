import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import Testing

/// `exportData()` gives one JSON document of what the SDK holds about the user, secrets
/// named and masked.
@Suite("Export")
struct ExportTests {
  static let eventMarker = "EXPORT-EVENT-44e0a1"
  static let preferenceMarker = "EXPORT-PREF-7d2c55"
  static let pushToken = "EXPORT-PUSH-TOKEN-b90c13"

  @Test("the export holds events, preferences, tokens masked, device and privacy")
  func exportHoldsWhatTheSDKHolds() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let client = try await harness.start(harness.configuration())
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    let coupons = try await client.market.coupons()
    _ = try await client.analytics.track("marked", parameters: ["note": Self.eventMarker])
    try await client.resolve(.keyValueStore).set(Self.preferenceMarker, forKey: "host.nickname")
    try await client.push.updateDeviceToken(Self.pushToken)
    let tokens = try #require(try await client.resolve(.tokenStore).tokens())

    let export = try await client.exportData()
    let text = String(decoding: try export.jsonData(), as: UTF8.self)
    #expect(try JSONValue(parsing: Data(text.utf8)) == export)

    #expect(export["format"]?.stringValue == LoyaltyClient.dataExportFormat)
    #expect(
      export["privacy"]?["enabled"]
        == .array(PrivacyFeatures.all.names.map(JSONValue.string)))
    #expect(export["privacy"]?["userChose"] == .bool(false))
    let store = try #require(export["modules"]?["LoyaltyStore"])
    #expect(store["preferences"]?["host.nickname"]?.stringValue == Self.preferenceMarker)
    #expect(text.contains(Self.eventMarker))
    #expect(
      store["session"]?["accessToken"] == .maskedSecret(tokens.accessToken))
    let device = try #require(export["modules"]?["LoyaltyNetwork"]?["deviceInformation"])
    #expect(device["device_token"] == .maskedSecret(Self.pushToken))
    #expect(device["unique_device_id"]?.stringValue?.isEmpty == false)
    let market = try #require(export["modules"]?["LoyaltyMarket"])
    #expect(market["activeCoupons"]?.arrayValue?.count == coupons.filter { $0.isActive }.count)

    // No secret in clear, anywhere in the document.
    for secret in [tokens.accessToken, tokens.refreshToken, Self.pushToken] {
      #expect(!text.contains(secret))
    }
    await client.shutdown()
    await #expect(throws: LoyaltyError.self) { _ = try await client.exportData() }
  }
}
