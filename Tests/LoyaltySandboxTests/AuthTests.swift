import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: logins, refresh rotation, expiry")
struct AuthTests {
  @Test("email login issues a JWT whose exp follows the configured lifetime")
  func emailLogin() async throws {
    let harness = SandboxHarness(tokenLifetime: 900)
    try await harness.login()
    let pair = try #require(try await harness.tokens.tokens())
    let token = try JSONWebToken(pair.accessToken)
    #expect(token.algorithm == "HS256")
    let issued = try #require(token.issuedAt)
    #expect(token.expiresAt == issued.addingTimeInterval(900))
    #expect(issued <= harness.clock.now)
    #expect(token.subject == harness.backend.user(email: "user1@sandbox.test")?.id)
    #expect(!pair.refreshToken.isEmpty)
    #expect(pair.clientID != nil)
    #expect(harness.backend.counters.logins == 1)
  }

  @Test("an unknown email registers a user, unless auto-registration is off")
  func registration() async throws {
    let open = SandboxHarness()
    try await open.client.session.loginWithEmail("new.person@example.gr")
    #expect(open.backend.user(email: "new.person@example.gr") != nil)

    let closed = SandboxHarness { _, sandbox in sandbox.autoRegister = false }
    let error = try await #require(throws: LoyaltyError.self) {
      try await closed.client.session.loginWithEmail("new.person@example.gr")
    }
    #expect(error.code == .httpStatus)
    #expect(error.metadata["status"] == "401")
  }

  @Test("ticket verification and partner login with Basic credentials")
  func partnerLogins() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.acceptsAnyTicket = false }
    let ticket = harness.backend.issueTicket(guid: "guid-1")
    try await harness.client.session.verifyTicket(guid: "guid-1", ticket: ticket)
    #expect(await harness.client.session.isLoggedIn)
    // A ticket works once.
    await #expect(throws: LoyaltyError.self) {
      try await harness.client.session.verifyTicket(guid: "guid-1", ticket: ticket)
    }
    try await harness.client.session.loginPartnerUser(
      guid: "guid-1", username: "partner", password: "partner-secret")
    let wrong = try await #require(throws: LoyaltyError.self) {
      try await harness.client.session.loginPartnerUser(
        guid: "guid-1", username: "partner", password: "guess")
    }
    #expect(wrong.metadata["status"] == "401")
    #expect(harness.backend.counters.logins == 2)
    #expect(harness.backend.users.filter { $0.guid == "guid-1" }.count == 1)
  }

  @Test("each refresh rotates the refresh token; a reused one is rejected and ends that session")
  func refreshRotation() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let first = try #require(try await harness.tokens.tokens())
    try await harness.client.session.refresh()
    let second = try #require(try await harness.tokens.tokens())
    #expect(second.refreshToken != first.refreshToken)
    #expect(second.accessToken != first.accessToken)
    #expect(second.clientID == first.clientID)

    // Replaying the first refresh token is refused...
    let replay = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/token",
      json: ["grant_type": "refresh_token", "refresh_token": .string(first.refreshToken)])
    let (status, body) = try await harness.raw(replay)
    #expect(status == 401)
    #expect(body?["status"] == "0")
    #expect(body?["error"] == "invalid_grant")
    #expect(harness.backend.counters.reusedRefreshTokens == 1)

    // ...and revokes the whole session: the current access token and refresh token too.
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.consumer("handle_user_details", ["process": "get"]))
    }
    #expect(error.code == .refreshRejected)
    #expect(try await harness.tokens.tokens() == nil)
  }

  @Test("an expired token is refreshed before the call; a revoked one after its 401")
  func expiry() async throws {
    let harness = SandboxHarness(tokenLifetime: 600)
    try await harness.login()
    _ = try await harness.client.send(TestEndpoints.personalizedCampaigns())
    #expect(harness.backend.counters.refreshCalls == 0)

    harness.clock.advance(by: 601)
    let profile = try await harness.client.send(
      TestEndpoints.consumer("handle_user_details", ["process": "get"]))
    #expect(profile["result"]?["email"] == "user1@sandbox.test")
    #expect(harness.backend.counters.refreshCalls == 1)

    harness.backend.revokeAccessTokens()
    _ = try await harness.client.send(TestEndpoints.personalizedCampaigns())
    #expect(harness.backend.counters.refreshCalls == 2)
    #expect(harness.backend.counters.unauthorized == 1)
  }

  @Test("the server checks expiry itself: a stale token sent anyway gets 401")
  func serverSideExpiry() async throws {
    let harness = SandboxHarness(tokenLifetime: 600)
    try await harness.login()
    let pair = try #require(try await harness.tokens.tokens())
    harness.clock.advance(by: 601)
    let request = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/context",
      json: ["consumer_data": ["action": "handle_user_details", "process": "get"]],
      headers: ["Authorization": "Bearer \(pair.accessToken)"])
    #expect(try await harness.raw(request).status == 401)
  }

  @Test("logout revokes the session's tokens")
  func logout() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let pair = try #require(try await harness.tokens.tokens())
    await harness.client.session.logout()
    #expect(harness.backend.counters.requests(to: .logout) == 1)
    let request = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/context",
      json: ["cards": ["action": "get_cards"]],
      headers: ["Authorization": "Bearer \(pair.accessToken)"])
    #expect(try await harness.raw(request).status == 401)
    let refresh = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/token",
      json: ["grant_type": "refresh_token", "refresh_token": .string(pair.refreshToken)])
    #expect(try await harness.raw(refresh).status == 401)
  }

  @Test("logout takes standard auth: the body's tokens are revoked, no bearer needed")
  func logoutStandardAuth() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let pair = try #require(try await harness.tokens.tokens())
    let logout = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/logout",
      json: [
        "access_token": .string(pair.accessToken), "refresh_token": .string(pair.refreshToken),
      ])
    #expect(logout.headers["Authorization"] == nil)
    #expect(try await harness.raw(logout).status == 200)
    #expect(try await harness.raw(logout).status == 200, "logging out twice succeeds")
    let cards = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/context",
      json: ["cards": ["action": "get_cards"]],
      headers: ["Authorization": "Bearer \(pair.accessToken)"])
    #expect(try await harness.raw(cards).status == 401, "the access token was revoked")

    let empty = try harness.signed(.post, "/oauth/\(SandboxHarness.appUUID)/logout", json: [:])
    #expect(try await harness.raw(empty).status == 400, "a logout names its tokens")
    var unsigned = logout
    unsigned.headers.remove(name: "loyalty-signature")
    #expect(try await harness.raw(unsigned).status == 401, "standard auth is still checked")
  }

  @Test("tokens can be issued without a request, for hosts' own tests")
  func issuedTokens() async throws {
    let harness = SandboxHarness()
    let pair = try #require(harness.backend.issueTokens(email: "user2@sandbox.test"))
    try await harness.client.session.login(with: pair)
    let profile = try await harness.client.send(
      TestEndpoints.consumer("handle_user_details", ["process": "get"]))
    #expect(profile["result"]?["email"] == "user2@sandbox.test")
    #expect(harness.backend.issueTokens(email: "nobody@sandbox.test") == nil)
  }
}
