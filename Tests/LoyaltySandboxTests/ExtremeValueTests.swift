import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Bad input: what clients send and what the sandbox is configured with, beyond `Int`'s
/// range, is a typed answer or a clamp, never a crash.
@Suite("Sandbox: extreme values")
struct ExtremeValueTests {
  @Test("an analytics timestamp with any number of fractional digits never overflows")
  func longFraction() async throws {
    let harness = SandboxHarness()
    let digits = String(repeating: "9", count: 40)
    let event: JSONValue = [
      "event_id": "evt-long", "name": "e", "timestamp": .string("2026-11-21T10:00:00.\(digits)Z"),
    ]
    let answer = try await harness.client.send(TestEndpoints.analytics([event]))
    #expect(answer["accepted"] == 1)
  }

  @Test(
    "token lifetimes beyond Int's range are clamped in the tokens issued",
    arguments: [1e19, 1e308, Double.infinity])
  func hugeTokenLifetime(lifetime: Double) async throws {
    let harness = SandboxHarness(tokenLifetime: lifetime)
    try await harness.login()
    let pair = try #require(try await harness.tokens.tokens())
    let expiry = try #require(try JSONWebToken(pair.accessToken).expiresAt)
    #expect(expiry > Date())
  }
}
