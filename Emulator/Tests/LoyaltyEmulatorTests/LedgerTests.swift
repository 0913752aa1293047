import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import Testing

/// Runs `body` with a harness whose console keeps the ledger (`--ledger`).
private func withLedger(
  _ body: (EmulatorHarness, ConsoleClient) async throws -> Void
) async throws {
  let harness = try await EmulatorHarness.start(
    tokenLifetime: 60, console: ConsoleSetup(ledger: true)
  ) { $0.device.registersAtStart = false }
  do {
    try await body(harness, ConsoleClient(port: harness.port))
  } catch {
    await harness.stop()
    throw error
  }
  await harness.stop()
}

@Suite("Emulator ledger: what a soak's invariants are checked against")
struct LedgerTests {
  @Test("without --ledger, the ledger's address answers 404 and says how to start it")
  func offByDefault() async throws {
    let harness = try await EmulatorHarness.start(console: ConsoleSetup())
    let answer = try await ConsoleClient(port: harness.port).get("/_emulator/api/ledger")
    await harness.stop()
    #expect(answer.status == 404)
    #expect(answer.json["error"]?.stringValue?.contains("--ledger") == true)
  }

  @Test(
    "a token expired on the server's clock is counted: a second before its expiry, not",
    arguments: [(-1.0, false), (1.0, true)])
  func expiredTokens(fromExpiry: Double, expired: Bool) async throws {
    try await withLedger { harness, console in
      let tokens = try #require(harness.backend.issueTokens(email: "user1@sandbox.test"))
      // The server's clock set `fromExpiry` seconds from the token's `exp`, which counts
      // whole seconds: an offset from the issue would move with the issue's fraction of a
      // second, and the request's time.
      let expiry = try #require(try JSONWebToken(tokens.accessToken).expiresAt)
      let offset = expiry.timeIntervalSinceNow + fromExpiry
      let settings = try await console.send(
        "PUT", "/_emulator/api/settings", json: ["clockOffset": .number(offset)])
      #expect(settings.status == 200)
      _ = try await console.send(
        "GET", "/api/any-call-of-the-sdk",
        extra: [
          "Authorization": "Bearer \(tokens.accessToken)",
          "loyalty-bundle-id": "linux:com.example.ledger",
        ])
      let ledger = try await console.get("/_emulator/api/ledger").json
      let entries = ledger["expiredTokens"]?.arrayValue ?? []
      #expect(entries.count == (expired ? 1 : 0))
      #expect(ledger["requests"] == 1)
      if let entry = entries.first {
        #expect(entry["bundle"]?.stringValue == "linux:com.example.ledger")
        let past = try #require(entry["secondsPast"]?.doubleValue)
        #expect(past > 0 && past < 2, "\(past)")
        let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
        #expect(entry["user"]?.stringValue == user.id)
      }
    }
  }

  @Test("device registrations are listed with the app that sent them, and redemptions per user")
  func privacyCallsAndRedemptions() async throws {
    try await withLedger { harness, console in
      let before = Date().timeIntervalSince1970
      try await harness.client.deviceRegistration.register()
      let ledger = try await console.get("/_emulator/api/ledger").json
      let calls = ledger["privacyCalls"]?.arrayValue ?? []
      #expect(calls.count == 1)
      #expect(calls.first?["call"]?.stringValue == "deviceInfo")
      #expect(calls.first?["bundle"]?.stringValue == "linux:com.example.emulator-tests")
      let at = try #require(calls.first?["at"]?.doubleValue)
      #expect(at >= before && at <= Date().timeIntervalSince1970)
      let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
      let redeemed = user.coupons.filter { $0.redeemedDate != nil }.count
      #expect(ledger["redeemed"]?["user1@sandbox.test"] == .integer(redeemed))
      #expect(ledger["events"]?["stored"] == .array([]))
    }
  }

  @Test("each redemption is listed with its user, its code and the key of the request behind it")
  func redemptionKeys() async throws {
    try await withLedger { harness, console in
      let redemption = try IdempotencyEndToEndTests.Redemption(harness)
      let before = try await console.get("/_emulator/api/ledger").json
      let fixtures = before["redemptions"]?.arrayValue ?? []
      #expect(!fixtures.isEmpty)
      #expect(fixtures.allSatisfy { $0["key"] == .null }, "the fixtures redeemed without a key")
      // Sent twice with one key: the second is the first answer again, and redeems nothing.
      for _ in 0..<2 {
        let answer = try await redemption.send(key: IdempotencyEndToEndTests.key)
        #expect(answer.status == 200)
      }
      let ledger = try await console.get("/_emulator/api/ledger").json
      let entries = ledger["redemptions"]?.arrayValue ?? []
      let keyed = entries.filter { $0["key"]?.stringValue == IdempotencyEndToEndTests.key }
      #expect(entries.count == fixtures.count + 1)
      #expect(keyed.count == 1)
      #expect(keyed.first?["code"]?.stringValue == redemption.coupon.code)
      #expect(keyed.first?["user"]?.stringValue == "user1@sandbox.test")
      let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
      #expect(ledger["users"]?[user.id]?.stringValue == "user1@sandbox.test")
      let codes = ledger["coupons"]?["user1@sandbox.test"]?.arrayValue?.compactMap(\.stringValue)
      #expect(codes == user.coupons.map(\.code))
    }
  }
}
