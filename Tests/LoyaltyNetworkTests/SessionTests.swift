import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Session: login, provider, logout")
struct SessionTests {
  static func tokenResponse(_ pair: TokenPair) -> HTTPResponse {
    ScriptedBackend.json(
      200,
      ["status": "1", "access_token": pair.accessToken, "refresh_token": pair.refreshToken])
  }

  @Test("email login, ticket verification and partner login store the tokens")
  func logins() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/partners/dei/login") { request, backend in
      let body = try JSONValue(parsing: request.body ?? Data())
      #expect(body == ["email": "maria@example.gr"])
      return Self.tokenResponse(backend.issueToken())
    }
    backend.on("/partners/cosmote/verify") { request, backend in
      let body = try JSONValue(parsing: request.body ?? Data())
      #expect(body["app_uuid"] == "0123456789abcdef0123456789abcdef")
      return Self.tokenResponse(backend.issueToken())
    }
    backend.on("/token") { request, backend in
      #expect(request.headers["Authorization"] == "Basic cGFydG5lcjpzZWNyZXQ=")
      return Self.tokenResponse(backend.issueToken())
    }
    let (client, store) = NetworkFixtures.client(backend: backend)
    let session = client.session
    #expect(await !session.isLoggedIn)

    try await session.loginWithEmail("maria@example.gr")
    let first = try #require(try await store.tokens())
    try await session.verifyTicket(guid: "g-1", ticket: "t-1")
    let second = try #require(try await store.tokens())
    try await session.loginPartnerUser(guid: "g-1", username: "partner", password: "secret")
    let third = try #require(try await store.tokens())
    #expect(Set([first, second, third]).count == 3)
    #expect(await session.isLoggedIn)
    #expect(try await session.currentToken()?.expiresAt != nil)
  }

  @Test("a login that does not answer in time fails with loginTimedOut")
  func loginTimeout() async throws {
    let backend = ScriptedBackend(clock: SystemClock())
    backend.on("/partners/dei/login") { _, _ in
      try await Task.sleep(for: .seconds(10))
      return ScriptedBackend.ok()
    }
    let configuration = NetworkFixtures.configuration { $0.token.loginTimeout = 1 }
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: configuration)
    let error = try await #require(throws: LoyaltyError.self) {
      try await client.session.loginWithEmail("slow@example.gr")
    }
    #expect(error.code == .loginTimedOut)
  }

  @Test("a host token provider logs in and is asked again to refresh")
  func tokenProvider() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/context", ScriptedBackend.protected())
    let (client, store) = NetworkFixtures.client(backend: backend)
    let asked = Locked(0)
    await client.session.useTokenProvider {
      asked.withLock { $0 += 1 }
      return backend.issueToken(lifetime: 60).accessToken  // always inside the window
    }
    try await client.session.loginWithTokenProvider()
    #expect(asked.withLock { $0 } == 1)
    let first = try #require(try await store.tokens())
    #expect(first.refreshToken.isEmpty)

    _ = try await client.send(NetworkFixtures.profile())
    #expect(asked.withLock { $0 } == 2, "a token inside the refresh window asks the provider")
    #expect(try await store.tokens() != first)
  }

  @Test("a provider without a token, or too slow, is a typed error")
  func providerFailures() async throws {
    let backend = ScriptedBackend(clock: SystemClock())
    let configuration = NetworkFixtures.configuration { $0.token.loginTimeout = 1 }
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: configuration)
    let missing = try await #require(throws: LoyaltyError.self) {
      try await client.session.loginWithTokenProvider()
    }
    #expect(missing.code == .invalidArgument)

    await client.session.useTokenProvider { nil }
    let none = try await #require(throws: LoyaltyError.self) {
      try await client.session.loginWithTokenProvider()
    }
    #expect(none.code == .notAuthenticated)

    await client.session.useTokenProvider {
      try await Task.sleep(for: .seconds(10))
      return "late"
    }
    let slow = try await #require(throws: LoyaltyError.self) {
      try await client.session.loginWithTokenProvider()
    }
    #expect(slow.code == .loginTimedOut)
  }

  @Test("logout tells the server, clears the tokens and posts one SessionEnded")
  func logout() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    backend.on("/logout", ScriptedBackend.logout())
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: tokens, events: sink)
    await client.session.logout()
    #expect(backend.calls("/logout") == 1)
    #expect(backend.requests.last?.headers["Authorization"] == nil)
    #expect(backend.requests.last?.headers["loyalty-signature"] != nil)
    #expect(try await store.tokens() == nil)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .logout)])
    await client.session.logout()
    #expect(sink.events(of: SessionEnded.self).count == 1)
  }

  @Test("a bearer call without a session fails with notAuthenticated, sending nothing")
  func notLoggedIn() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .notAuthenticated)
    #expect(backend.requests.isEmpty)
  }

  @Test("the strict error policy ends the session on 444")
  func errorPolicy() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    backend.on("/context") { _, _ in ScriptedBackend.json(444, ["status": "0"]) }
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(
      backend: backend, tokens: tokens, events: sink, errorPolicy: .strict)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .sessionEnded)
    #expect(try await store.tokens() == nil)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .fatalStatus, status: 444)])

    let (lenient, lenientStore) = NetworkFixtures.client(backend: backend, tokens: tokens)
    let ordinary = try await #require(throws: LoyaltyError.self) {
      _ = try await lenient.send(NetworkFixtures.profile())
    }
    #expect(ordinary.code == .httpStatus)
    #expect(try await lenientStore.tokens() == tokens)
  }
}
