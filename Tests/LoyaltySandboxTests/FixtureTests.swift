import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@Suite("Sandbox: deterministic fixtures")
struct FixtureTests {
  /// The raw bytes of a standard context call.
  func bytes(_ backend: SandboxBackend, _ body: JSONValue) async throws -> Data {
    let harness = SandboxHarness()
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/", json: body)
    return try await SandboxTransport(backend).send(request).body
  }

  func backend(seed: UInt64, clock: any LoyaltyClock = InstantClock(realSleepsFrom: 25))
    -> SandboxBackend
  {
    SandboxBackend(
      configuration: SandboxConfiguration(
        merchantID: "merchant-7", apiKey: "test-api-key-0001", clock: clock),
      fixtures: SandboxFixtures(seed: seed))
  }

  static let calls: [JSONValue] = [
    ["campaigns": ["action": "retrieve", "language": "el"]],
    ["coupon": ["action": "retrieve_multilingual", "language": "en"]],
    ["coupon": ["action": "availability"]],
    ["shops": ["action": "retrieve_multilingual", "language": "el"]],
    ["shops": ["action": "retrieve_categories", "language": "en"]],
    ["content": ["action": "retrieve_multilingual", "language": "en"]],
  ]

  @Test("the same seed gives byte-identical answers", arguments: calls)
  func sameSeed(_ call: JSONValue) async throws {
    let first = try await bytes(backend(seed: 42), call)
    let second = try await bytes(backend(seed: 42, clock: SystemClock()), call)
    #expect(first == second)
    #expect(first.count > 100)
  }

  @Test("another seed gives other data", arguments: calls)
  func otherSeed(_ call: JSONValue) async throws {
    #expect(try await bytes(backend(seed: 42), call) != bytes(backend(seed: 43), call))
  }

  @Test("users are the same for the same seed, registered ones included")
  func users() {
    let first = backend(seed: 5)
    let second = backend(seed: 5)
    #expect(first.users == second.users)
    #expect(first.users.map(\.email) == (1...3).map(SandboxFixtures.userEmail))
    #expect(backend(seed: 6).users != first.users)
  }

  @Test("10,000 campaigns and 5,000 merchants are generated and served")
  func large() async throws {
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(merchantID: "merchant-7", apiKey: "test-api-key-0001"),
      fixtures: SandboxFixtures(seed: 1, campaigns: 10_000, couponSets: 500, merchants: 5_000))
    #expect(backend.catalog.campaigns.count == 10_000)
    #expect(backend.catalog.merchants.count == 5_000)

    // Served without encoding all of them (that is the benchmarks' job): one campaign by
    // its session, one merchant through a filter that scans all 5,000.
    let last = try #require(backend.catalog.campaigns.last)
    let harness = SandboxHarness()
    let single = try await SandboxTransport(backend).send(
      try harness.signed(.get, "/api/session/\(last.sessionUUID)"))
    #expect(try JSONValue(parsing: single.body)["context"]?["MAPP_CAMPAIGNING"] != nil)
    let merchant = try #require(backend.catalog.merchants.last)
    let body = try await bytes(
      backend,
      ["shops": ["action": "retrieve_multilingual", "uuid": .string(merchant.uuid)]])
    let envelope = try ResponseEnvelope(httpStatus: 200, body: body)
    #expect(envelope.list("MAPP_SHOPS", "shops").count == 1)
  }
}
