public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The user's session: login, logout and tokens.
///
/// Tokens persist through the client's token store (SQLite, encrypted, with
/// LoyaltyStore; in memory without it). Logins time out after `token.loginTimeout`
/// (30 s), not counting the wait for the device registration at start (at most
/// `network.requestTimeout`).
public struct Session: Sendable {
  let client: NetworkClient

  /// Logs in by email (the platform's email login).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/loginTimedOut`` after the login timeout,
  ///   or the call's error.
  public func loginWithEmail(_ email: String) async throws {
    try await login("dei_login", .email) { client in
      try await client.send(AuthEndpoints.emailLogin(email))
    }
  }

  /// Verifies a partner ticket for a user GUID and logs in.
  public func verifyTicket(guid: String, ticket: String) async throws {
    let appUUID = client.configuration.appUUID
    try await login("verify_ticket", .ticket) { client in
      try await client.send(
        AuthEndpoints.verifyTicket(guid: guid, ticket: ticket, appUUID: appUUID))
    }
  }

  /// Logs a partner's user in by GUID, with the partner's basic credentials.
  public func loginPartnerUser(guid: String, username: String, password: String) async throws {
    try await login("cosmote_user", .partnerUser) { client in
      try await client.send(
        AuthEndpoints.partnerUser(guid: guid, username: username, password: password))
    }
  }

  /// Logs a partner's user in by GUID alone, with the partner's credentials from the
  /// configuration (``LoyaltyCore/LoyaltyConfiguration/partner``): the seed's
  /// `getCosmoteUser(guid:)` (seed 000 lines 169 and 789).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/unsupported`` when the
  ///   configuration has no partner credentials, or the login's error.
  public func getCosmoteUser(guid: String) async throws {
    guard let partner = client.configuration.partner, !partner.username.isEmpty else {
      throw LoyaltyError(
        .unsupported,
        "getCosmoteUser(guid:) needs the partner's credentials, and the configuration has none.",
        recoverySuggestion:
          "Set configuration.partner (\"partner\" in loyalty.json), or call "
          + "loginPartnerUser(guid:username:password:).")
    }
    try await loginPartnerUser(guid: guid, username: partner.username, password: partner.password)
  }

  /// Starts a session with tokens the host obtained itself.
  public func login(with tokens: TokenPair) async throws {
    try await client.callRecorder().record("login_with_tokens") {
      guard !tokens.accessToken.isEmpty else {
        throw LoyaltyError(.invalidArgument, "The access token is empty.")
      }
      try await client.coordinator.store(tokens)
    }
    didLogIn(.tokens, tokens)
  }

  /// Uses a host-supplied token provider: the host's own backend issues the access
  /// token (a JWT), and the SDK asks for a new one whenever it needs to refresh.
  ///
  /// The provider returns `nil` when it has no token (the user is logged out).
  public func useTokenProvider(_ provider: @escaping @Sendable () async throws -> String?) async {
    let timeout = client.configuration.token.loginTimeout
    let clock = client.clock
    let box = client.providerBox
    await client.coordinator.setUsesTokenProvider(true)
    await client.coordinator.setRefresher { pair in
      do {
        let token = try await withTimeout(
          timeout, clock: clock,
          error: LoyaltyError(.loginTimedOut, "The token provider did not answer in time.")
        ) { try await provider() }
        guard let token, !token.isEmpty else {
          return .rejected(LoyaltyError(.notAuthenticated, "The token provider has no token."))
        }
        box.recordIssue(at: clock.monotonicTime)
        return .refreshed(TokenPair(accessToken: token, refreshToken: pair.refreshToken))
      } catch let error as LoyaltyError {
        return .transient(error)
      } catch {
        return .transient(
          LoyaltyError(.refreshFailed, "The token provider failed.", underlying: error))
      }
    }
    client.providerBox.set(provider)
  }

  /// Asks the token provider for a token and starts a session with it.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` without a provider,
  ///   ``LoyaltyCore/LoyaltyError/Code/notAuthenticated`` when it returns no token,
  ///   ``LoyaltyCore/LoyaltyError/Code/loginTimedOut`` when it does not answer in time.
  public func loginWithTokenProvider() async throws {
    let token = try await client.callRecorder().record("token_provider_login") {
      try await storeProviderToken()
    }
    didLogIn(.tokenProvider, TokenPair(accessToken: token, refreshToken: ""))
  }

  private func storeProviderToken() async throws -> String {
    guard let provider = client.providerBox.provider else {
      throw LoyaltyError(
        .invalidArgument, "No token provider is set.",
        recoverySuggestion: "Call useTokenProvider(_:) first.")
    }
    let token = try await withTimeout(
      client.configuration.token.loginTimeout, clock: client.clock,
      error: LoyaltyError(.loginTimedOut, "The token provider did not answer in time.")
    ) { try await provider() }
    guard let token, !token.isEmpty else {
      throw LoyaltyError(.notAuthenticated, "The token provider has no token.")
    }
    try await client.coordinator.store(TokenPair(accessToken: token, refreshToken: ""))
    client.providerBox.recordIssue(at: client.clock.monotonicTime)
    return token
  }

  /// Ends the session: tells the server (best effort), clears the tokens and posts
  /// ``SessionEnded``.
  ///
  /// The logout call uses standard auth (seed: `/oauth/{appUUID}/*` is standard) and
  /// carries the stored tokens as they are in its body: it never starts a refresh, even
  /// inside the refresh window or after a 401, and its answer never ends
  /// the session by the error policy (the session ends here, with
  /// ``SessionEnded/Reason/logout``).
  public func logout() async {
    let recorder = client.callRecorder()
    let start = client.clock.monotonicTime
    var failure: LoyaltyError?
    if let tokens = try? await client.coordinator.storedTokens() {
      do {
        let response = try await withTimeout(
          client.configuration.token.loginTimeout, clock: client.clock,
          error: LoyaltyError(.timedOut, "The logout call did not answer in time.")
        ) { [client] in try await client.response(for: AuthEndpoints.logout(tokens)) }
        if !response.isSuccess {
          failure = LoyaltyError(
            .httpStatus, "The server answered the logout with \(response.status).",
            metadata: ["status": String(response.status)])
          client.logger.info(
            "The server answered the logout with \(response.status); the local session is "
              + "cleared anyway.")
        }
      } catch {
        failure =
          error as? LoyaltyError
          ?? LoyaltyError(.transportFailed, "The logout call failed.", underlying: error)
        client.logger.info("The server logout failed; the local session is cleared anyway.")
      }
    }
    await client.coordinator.endSession(reason: .logout)
    await recorder.report("logout", since: start, error: failure)
  }

  /// Whether there are tokens.
  public var isLoggedIn: Bool {
    get async { ((try? await client.coordinator.storedTokens()) ?? nil) != nil }
  }

  /// The current tokens with their expiry, or `nil` when logged out.
  public func currentToken() async throws -> SessionToken? {
    try await client.coordinator.storedTokens().map(SessionToken.init)
  }

  /// Refreshes the tokens now.
  @discardableResult
  public func refresh() async throws -> SessionToken {
    SessionToken(try await client.coordinator.refresh(replacing: nil))
  }

  /// Runs a login call `name` (its analytics name) and stores its tokens, recording its
  /// outcome, then posts ``Authenticated``.
  private func login(
    _ name: String, _ method: Authenticated.Method,
    _ call: @escaping @Sendable (NetworkClient) async throws -> TokenPair
  ) async throws {
    let client = client
    // The wait for the device registration at start is not the login's: it has its own
    // cap, the request timeout.
    try await client.passRegistrationGate()
    let tokens = try await client.callRecorder().record(name) {
      let tokens = try await withTimeout(
        client.configuration.token.loginTimeout, clock: client.clock,
        error: LoyaltyError(
          .loginTimedOut,
          "\(name) did not finish within \(client.configuration.token.loginTimeout) s."
        )
      ) { try await call(client) }
      try await client.coordinator.store(tokens)
      return tokens
    }
    didLogIn(method, tokens)
    client.logger.info("Logged in (\(name)).")
  }

  /// After a login's tokens are stored (and the session's observers ran around it):
  /// ``Authenticated``, with the token's subject, never the token.
  private func didLogIn(_ method: Authenticated.Method, _ tokens: TokenPair) {
    client.events?.post(Authenticated(method: method, accessToken: tokens.accessToken))
  }
}
