import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// A bearer request reads a valid token without a hop to the refresh coordinator's
/// actor: what it reads must still be the store's current pair, and a token inside the
/// refresh window must still be refreshed first.
@Suite("The token a request is sent with")
struct TokenSnapshotTests {
  @Test("a pair written to the store directly goes out with the next request; a cleared one fails")
  func storeWritesAreSeen() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/context", ScriptedBackend.protected())
    let first = backend.issueToken()
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: first)

    _ = try await client.send(NetworkFixtures.profile())
    let second = backend.issueToken()
    try await store.store(second)
    _ = try await client.send(NetworkFixtures.profile())
    try await store.clear()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }

    #expect(error.code == .notAuthenticated)
    #expect(
      backend.requests.map { $0.headers["Authorization"] } == [
        "Bearer \(first.accessToken)", "Bearer \(second.accessToken)",
      ])
    #expect(backend.calls("/token") == 0)
  }

  @Test("a token that was read as valid is refreshed once it enters the refresh window")
  func refreshWindowStillRefreshes() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/context", ScriptedBackend.protected())
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    let tokens = backend.issueToken(lifetime: 3_600)
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: tokens)

    _ = try await client.send(NetworkFixtures.profile())
    #expect(backend.calls("/token") == 0)
    clock.advance(by: 3_600 - 200)
    _ = try await client.send(NetworkFixtures.profile())
    _ = try await client.send(NetworkFixtures.profile())

    #expect(backend.calls("/token") == 1)
    let stored = try #require(try await store.tokens())
    #expect(stored.accessToken != tokens.accessToken)
    #expect(backend.requests.last?.headers["Authorization"] == "Bearer \(stored.accessToken)")
  }
}
