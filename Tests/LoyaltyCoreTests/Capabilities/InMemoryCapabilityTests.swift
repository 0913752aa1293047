import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

@Suite("Core's in-memory capabilities pass the conformance checks")
struct InMemoryCapabilityTests {
  @Test func tokenStore() async throws {
    try await TokenStoreConformance.check { InMemoryTokenStore() }
  }

  @Test func keyValueStore() async throws {
    try await KeyValueStoreConformance.check { InMemoryKeyValueStore() }
  }

  @Test func pointOfInterestStore() async throws {
    try await PointOfInterestStoreConformance.check { InMemoryPointOfInterestStore() }
  }

  @Test func eventQueue() async throws {
    try await EventQueueConformance.check { InMemoryEventQueue() }
  }

  @Test("a conformance check catches a broken implementation")
  func conformanceCatchesBrokenStore() async throws {
    await #expect(throws: ConformanceFailure.self) {
      try await TokenStoreConformance.check { ForgetfulTokenStore() }
    }
  }

  @Test("a conformance check catches a quick read that gives a stale pair")
  func conformanceCatchesStaleSnapshot() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
      try await TokenStoreConformance.check { StaleSnapshotTokenStore() }
    }
    #expect(failure.property.contains("without waiting"), "\(failure)")
  }

  @Test("the in-memory event sink records events by name and type")
  func eventSink() {
    let sink = InMemoryEventSink()
    sink.post(NamedEvent("campaigns_retrieved", attributes: ["count": "3"]))
    sink.post(NamedEvent("coupons_fetched"))
    #expect(sink.names == ["campaigns_retrieved", "coupons_fetched"])
    #expect(sink.events(of: NamedEvent.self).first?.attributes == ["count": "3"])
    sink.removeAll()
    #expect(sink.events.isEmpty)
  }

  @Test("the in-memory transport answers from its handler and records requests")
  func inMemoryTransport() async throws {
    let transport = InMemoryHTTPTransport { request in
      HTTPResponse(status: 201, headers: ["X-Echo": request.url.path], body: Data("ok".utf8))
    }
    let url = try #require(URL(string: "https://example.com/api/x"))
    let response = try await transport.send(HTTPRequest(method: .post, url: url))
    #expect(response.status == 201)
    #expect(response.isSuccess)
    #expect(response.headers["x-echo"] == "/api/x")
    #expect(transport.requests.map(\.method) == [.post])
  }
}

/// A token store that ignores writes: the conformance check must reject it.
private struct ForgetfulTokenStore: TokenStore {
  func tokens() async throws -> TokenPair? { nil }
  func store(_ tokens: TokenPair) async throws {}
  func clear() async throws {}
  func replace(_ expected: TokenPair?, with new: TokenPair?) async throws -> Bool { true }
}

/// A token store whose quick read keeps the first pair it was given: every `tokens()` is
/// right, the read without waiting is stale after the second store. The conformance
/// check must reject it.
private actor StaleSnapshotTokenStore: TokenSnapshotReading {
  private let inner = InMemoryTokenStore()
  private let first = Locked<TokenPair?>(nil)

  func tokens() async -> TokenPair? { await inner.tokens() }

  func store(_ tokens: TokenPair) async {
    first.withLock { $0 = $0 ?? tokens }
    await inner.store(tokens)
  }

  func clear() async { await inner.clear() }

  func replace(_ expected: TokenPair?, with new: TokenPair?) async -> Bool {
    await inner.replace(expected, with: new)
  }

  nonisolated func tokensWithoutWaiting() -> TokenPair? { first.withLock { $0 } }
}
