import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@Suite("Login event: Authenticated once per login, by any method, never a token")
struct LoginEventTests {
  @Test("an email login posts Authenticated with the user's id from the token's sub")
  func emailLogin() async throws {
    let harness = try await CallOutcomeHarness.start()
    let session = try harness.session
    try await session.loginWithEmail(SandboxFixtures.userEmail(1))
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    #expect(
      harness.sink.events(of: Authenticated.self) == [
        Authenticated(method: .email, userID: user.id)
      ])
    let pair = try #require(try await session.currentToken()).pair
    let posted = try #require(harness.sink.events(of: Authenticated.self).first)
    for value in posted.attributes.values {
      #expect(!pair.accessToken.contains(value) || value == user.id)
      #expect(value != pair.accessToken && value != pair.refreshToken)
    }
    #expect(posted.attributes == ["method": "email", "user_id": user.id])
    await harness.client.shutdown()
  }

  @Test("every login method posts exactly one Authenticated, in order, and a refresh none")
  func everyMethod() async throws {
    let harness = try await CallOutcomeHarness.start { configuration, sandbox in
      configuration.partner = PartnerCredentials(
        username: sandbox.partnerUsername, password: sandbox.partnerPassword)
    }
    let session = try harness.session
    try await session.verifyTicket(guid: "guid-1", ticket: "any")
    try await session.loginPartnerUser(
      guid: "guid-2", username: harness.backend.configuration.partnerUsername,
      password: harness.backend.configuration.partnerPassword)
    try await session.getCosmoteUser(guid: "guid-3")
    try await session.refresh()
    let tokens = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(2)))
    try await session.login(with: tokens)
    await session.useTokenProvider { tokens.accessToken }
    try await session.loginWithTokenProvider()
    let methods = harness.sink.events(of: Authenticated.self).map(\.method)
    #expect(methods == [.ticket, .partnerUser, .partnerUser, .tokens, .tokenProvider])
    #expect(harness.sink.events(of: SessionRefreshed.self).count == 1)
    #expect(
      harness.analytics.names == [
        "custom_success_verify_ticket_loyalty", "custom_success_cosmote_user_loyalty",
        "custom_success_cosmote_user_loyalty", "custom_success_refresh_token_loyalty",
        "custom_success_login_with_tokens_loyalty", "custom_success_token_provider_login_loyalty",
      ])
    await harness.client.shutdown()
  }

  @Test("a token that is not a JWT logs in without a user id")
  func opaqueToken() async throws {
    let harness = try await CallOutcomeHarness.start()
    try await harness.session.login(with: TokenPair(accessToken: "opaque", refreshToken: "r"))
    #expect(
      harness.sink.events(of: Authenticated.self) == [Authenticated(method: .tokens, userID: nil)])
    #expect(harness.sink.events(of: Authenticated.self).first?.attributes == ["method": "tokens"])
    await harness.client.shutdown()
  }

  @Test("a failed login posts nothing but its error outcome")
  func failedLogin() async throws {
    let harness = try await CallOutcomeHarness.start()
    await #expect(throws: LoyaltyError.self) {
      try await harness.session.login(with: TokenPair(accessToken: "", refreshToken: ""))
    }
    #expect(harness.sink.events(of: Authenticated.self).isEmpty)
    #expect(harness.analytics.names == ["custom_error_login_with_tokens_loyalty"])
    await harness.client.shutdown()
  }
}

@Suite("getCosmoteUser(guid:): the partner's credentials from the configuration")
struct CosmoteUserTests {
  @Test("logs in by GUID alone, sending the configured Basic credentials")
  func logsIn() async throws {
    let harness = try await CallOutcomeHarness.start { configuration, sandbox in
      configuration.partner = PartnerCredentials(
        username: sandbox.partnerUsername, password: sandbox.partnerPassword)
    }
    let session = try harness.session
    try await session.getCosmoteUser(guid: "guid-7")
    #expect(await session.isLoggedIn)
    #expect(harness.backend.users.contains { $0.guid == "guid-7" })
    await harness.client.shutdown()
  }

  @Test("wrong configured credentials are the server's 401, not a local error")
  func wrongCredentials() async throws {
    let harness = try await CallOutcomeHarness.start { configuration, sandbox in
      configuration.partner = PartnerCredentials(username: sandbox.partnerUsername, password: "x")
    }
    let error = try await #require(throws: LoyaltyError.self) {
      try await harness.session.getCosmoteUser(guid: "guid-7")
    }
    #expect(error.metadata["status"] == "401")
    await harness.client.shutdown()
  }

  @Test("without partner credentials it fails before sending anything")
  func missingCredentials() async throws {
    for partner in [nil, PartnerCredentials(username: "", password: "p")] {
      let harness = try await CallOutcomeHarness.start { configuration, _ in
        configuration.partner = partner
      }
      let error = try await #require(throws: LoyaltyError.self) {
        try await harness.session.getCosmoteUser(guid: "guid-7")
      }
      #expect(error.code == .unsupported)
      #expect(harness.backend.counters.logins == 0)
      #expect(harness.backend.counters.requests.isEmpty)
      await harness.client.shutdown()
    }
  }

  @Test("the partner's password is a secret: masked in the description and the summary")
  func passwordMasked() throws {
    var configuration = CallOutcomeHarness.configuration()
    configuration.partner = PartnerCredentials(username: "partner-app", password: "s3cr3t-pass")
    #expect(!configuration.description.contains("s3cr3t-pass"))
    #expect(configuration.summary["partner.username"] == "partner-app")
    #expect(configuration.summary["partner.password"] == "<masked, 11 characters>")
    #expect(configuration.secrets.contains("s3cr3t-pass"))
    let decoded = try LoyaltyConfiguration(jsonData: try configuration.jsonData())
    #expect(decoded.partner == configuration.partner)
    let absent = try LoyaltyConfiguration(
      jsonData: try CallOutcomeHarness.configuration().jsonData())
    #expect(absent.partner == nil)
  }
}
