import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Every way a session ends runs the session observers (what the market empties its
/// state and the previous user's cached answers with) once, after the tokens are
/// cleared, before ``SessionEnded`` is posted and before the call that ended it returns.
@Suite("Session observers on every end of a session")
struct SessionEndObserverTests {
  /// What the observers saw, in order: whether tokens were stored when each ran, and how
  /// many `SessionEnded` had been posted by then.
  final class Observed: Sendable {
    private let runs = Locked<[(hadTokens: Bool, endsPosted: Int)]>([])

    var all: [(hadTokens: Bool, endsPosted: Int)] { runs.withLock { $0 } }

    func watch(_ client: NetworkClient, store: any TokenStore, sink: InMemoryEventSink) {
      client.addSessionObserver { [runs] in
        let hadTokens = ((try? await store.tokens()) ?? nil) != nil
        let posted = sink.events(of: SessionEnded.self).count
        runs.withLock { $0.append((hadTokens, posted)) }
      }
    }
  }

  /// A client logged in with a token of `lifetime` seconds (refresh token `refresh`),
  /// watched by an ``Observed``.
  static func client(
    _ backend: ScriptedBackend, lifetime: TimeInterval = 3_600, refresh: Bool = true
  ) async throws -> (NetworkClient, any TokenStore, InMemoryEventSink, Observed) {
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(backend: backend, events: sink)
    let issued = backend.issueToken(lifetime: lifetime)
    try await client.session.login(
      with: TokenPair(
        accessToken: issued.accessToken, refreshToken: refresh ? issued.refreshToken : ""))
    let observed = Observed()
    observed.watch(client, store: store, sink: sink)
    return (client, store, sink, observed)
  }

  /// The observers ran once, with the tokens gone and before the one `SessionEnded`.
  static func expectEndedOnce(_ observed: Observed, _ sink: InMemoryEventSink) {
    let runs = observed.all
    #expect(runs.count == 1, "\(runs.count) runs")
    #expect(runs.first?.hadTokens == false, "the tokens were still stored")
    #expect(runs.first?.endsPosted == 0, "SessionEnded was posted before the observers ran")
    #expect(sink.events(of: SessionEnded.self).count == 1)
  }

  @Test("a logout")
  func logout() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/logout", ScriptedBackend.logout())
    let (client, _, sink, observed) = try await Self.client(backend)
    await client.session.logout()
    Self.expectEndedOnce(observed, sink)
  }

  @Test("a refresh the server refuses: the observers run before the refused call returns")
  func refusedRefresh() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/token") { _, _ in ScriptedBackend.json(400, ["status": "0"]) }
    backend.on("/context", ScriptedBackend.protected())
    let (client, store, sink, observed) = try await Self.client(backend)
    backend.revokeAll()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .refreshRejected)
    #expect(try await store.tokens() == nil)
    Self.expectEndedOnce(observed, sink)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .refreshRejected)])
  }

  @Test("an access token that expires without a refresh token")
  func expiredWithoutRefreshToken() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/context", ScriptedBackend.protected())
    let (client, _, sink, observed) = try await Self.client(
      backend, lifetime: 100, refresh: false)
    _ = try await client.send(NetworkFixtures.profile())
    #expect(observed.all.isEmpty, "a call inside the token's life ends nothing")
    clock.advance(by: 101)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .sessionEnded)
    Self.expectEndedOnce(observed, sink)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .refreshFailed)])
  }

  @Test("a refresh that goes through, or fails for now, ends nothing")
  func refreshThatKeepsTheSession() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context", ScriptedBackend.protected())
    let (client, store, sink, observed) = try await Self.client(backend)
    _ = try await client.session.refresh()
    backend.on("/token") { _, _ in ScriptedBackend.json(503, ["status": "0"]) }
    _ = try? await client.session.refresh()
    #expect(try await store.tokens() != nil)
    #expect(observed.all.isEmpty)
    #expect(sink.events(of: SessionEnded.self).isEmpty)
  }
}
