import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Clients and lifecycle 3: memory is bounded everywhere, a long-running server's
/// de-duplication sets included; the bound and what happens at it are documented and
/// counted.
@Suite("Sandbox: memory bounds")
struct MemoryBoundTests {
  @Test("memory is bounded: the de-duplication set keeps the most recent ids and counts the rest")
  func eventIDs() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.maxRememberedEventIDs = 10 }
    let first = (0..<10).map { TestEndpoints.event("evt-\($0)") }
    _ = try await harness.client.send(TestEndpoints.analytics(first))
    #expect(harness.backend.counters.analyticsIDsForgotten == 0)
    let more = (10..<15).map { TestEndpoints.event("evt-\($0)") }
    _ = try await harness.client.send(TestEndpoints.analytics(more))
    #expect(harness.backend.counters.analyticsIDsForgotten == 5)
    // evt-9 is still remembered; evt-0 was forgotten and counts as new again.
    let again = try await harness.client.send(
      TestEndpoints.analytics([TestEndpoints.event("evt-9"), TestEndpoints.event("evt-0")]))
    #expect(again["duplicates"] == 1)
    #expect(again["accepted"] == 1)
    #expect(harness.backend.counters.analyticsIDsForgotten == 6)
  }

  @Test("memory is bounded: the token book keeps the most recent tokens and counts the rest")
  func tokens() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.maxIssuedTokens = 3 }
    try await harness.login()
    let first = try #require(try await harness.tokens.tokens())
    for _ in 0..<2 {
      try await harness.login()
    }
    #expect(harness.backend.counters.tokensForgotten == 0)
    try await harness.login()
    // The first login's access and refresh tokens are forgotten.
    #expect(harness.backend.counters.tokensForgotten == 2)
    let request = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/token",
      json: ["grant_type": "refresh_token", "refresh_token": .string(first.refreshToken)])
    let (status, body) = try await harness.raw(request)
    #expect(status == 401)
    #expect(body?["error"] == "invalid_grant")
    // The newest session still works, and the book stays at its bound.
    _ = try await harness.client.send(TestEndpoints.analytics([TestEndpoints.event("e-1")]))
    for _ in 0..<20 {
      try await harness.login()
    }
    #expect(harness.backend.counters.tokensForgotten == 2 + 2 * 20)
  }

  @Test("memory is bounded: N idempotency keys are kept, key N+1 forgets the oldest")
  func idempotencyKeys() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.maxIdempotencyKeys = 3 }
    func send(_ key: String) async throws -> HTTPResponse {
      let request = try harness.signed(
        .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
        json: ["campaigns": ["action": "retrieve", "language": "en"]],
        headers: [IdempotencyKey.headerName: key])
      return try await SandboxTransport(harness.backend).send(request)
    }
    for key in ["k-1", "k-2", "k-3"] {
      #expect(try await send(key).status == 200)
    }
    // N keys: all remembered.
    #expect(harness.backend.rememberedIdempotencyKeys == 3)
    #expect(harness.backend.counters.idempotencyKeysForgotten == 0)
    #expect(try await send("k-1").isReplayed)

    // Key N+1 forgets the oldest, k-1: sent again, it acts as new (and forgets k-2).
    #expect(try await !send("k-4").isReplayed)
    #expect(harness.backend.rememberedIdempotencyKeys == 3)
    #expect(harness.backend.counters.idempotencyKeysForgotten == 1)
    #expect(try await !send("k-1").isReplayed)
    #expect(harness.backend.counters.idempotencyKeysForgotten == 2)
    #expect(try await send("k-3").isReplayed)
    #expect(try await send("k-4").isReplayed)
    #expect(try await !send("k-2").isReplayed)
    #expect(harness.backend.rememberedIdempotencyKeys == 3)
    #expect(harness.backend.counters.idempotencyKeysForgotten == 3)
  }

  @Test("the bounds default to 100,000 event ids, 10,000 tokens of each kind and 10,000 keys")
  func defaults() {
    let configuration = SandboxConfiguration()
    #expect(configuration.maxRememberedEventIDs == 100_000)
    #expect(configuration.maxIssuedTokens == 10_000)
    #expect(configuration.maxIdempotencyKeys == 10_000)
  }
}
