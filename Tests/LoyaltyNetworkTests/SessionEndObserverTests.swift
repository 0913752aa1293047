import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Every way a session ends runs the session observers (what the market empties its
/// state and the previous user's cached answers with) twice: once while the tokens are
/// still stored, once after they are cleared, both before ``SessionEnded`` is posted and
/// before the call that ended it returns. A login runs them the same way around its
/// tokens.
@Suite("Session observers on every end of a session")
struct SessionEndObserverTests {
  /// One run of the observers: which side of the change, the stored access token then,
  /// and how many `SessionEnded` had been posted by then.
  struct Run: Equatable {
    let change: SessionChange
    let accessToken: String?
    let endsPosted: Int
  }

  /// What the observers saw, in order.
  final class Observed: Sendable {
    private let runs = Locked<[Run]>([])

    var all: [Run] { runs.withLock { $0 } }

    func watch(_ client: NetworkClient, store: any TokenStore, sink: InMemoryEventSink) {
      client.addSessionObserver { [runs] change in
        let token = ((try? await store.tokens()) ?? nil)?.accessToken
        let posted = sink.events(of: SessionEnded.self).count
        runs.withLock { $0.append(Run(change: change, accessToken: token, endsPosted: posted)) }
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

  /// The observers ran twice, with the tokens still stored then with them gone, both
  /// before the one `SessionEnded`.
  static func expectEndedOnce(_ observed: Observed, _ sink: InMemoryEventSink) {
    let runs = observed.all
    #expect(runs.map(\.change) == [.changing, .changed], "\(runs)")
    #expect(runs.first?.accessToken != nil, "the tokens were gone before the first run")
    #expect(runs.last?.accessToken == nil, "the tokens were still stored at the last run")
    #expect(runs.allSatisfy { $0.endsPosted == 0 }, "SessionEnded was posted before a run")
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

  @Test("a login as someone else: the observers run with the first tokens, then the new")
  func loginAsAnother() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let (client, store, sink, observed) = try await Self.client(backend)
    let first = try #require(try await store.tokens())
    let second = backend.issueToken(lifetime: 3_600)
    try await client.session.login(with: second)
    #expect(
      observed.all == [
        Run(change: .changing, accessToken: first.accessToken, endsPosted: 0),
        Run(change: .changed, accessToken: second.accessToken, endsPosted: 0),
      ])
    #expect(sink.events(of: SessionEnded.self).isEmpty)
  }
}
