import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The login, refresh and logout calls.
enum AuthHandlers {
  /// `POST /partners/dei/login` `{"email"}`.
  static func emailLogin(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let email = call.string("email"), isEmail(email) else {
      return .badField("email", "must be an email address")
    }
    let user: SandboxUser
    if let known = state.user(email: email) {
      user = known
    } else if call.configuration.autoRegister {
      user = call.generator.user(email: email, guid: nil, catalog: call.catalog)
      state.add(user)
    } else {
      return .error(401, "Unknown user.")
    }
    state.counters.logins += 1
    return issueTokens(userID: user.id, family: nil, call, &state)
  }

  /// `POST /partners/cosmote/verify` `{"guid", "app_uuid", "ticket"}`.
  static func verifyTicket(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let guid = call.string("guid") else { return .badField("guid", "is required") }
    guard let appUUID = call.string("app_uuid") else {
      return .badField("app_uuid", "is required")
    }
    guard let ticket = call.string("ticket") else { return .badField("ticket", "is required") }
    guard appUUID == call.configuration.appUUID else {
      return .error(401, "The ticket is for another application.")
    }
    let issued = state.tickets.remove(ticket) != nil
    guard issued || call.configuration.acceptsAnyTicket else {
      return .error(401, "Unknown or already used ticket.")
    }
    guard let user = partnerUser(guid: guid, call, &state) else {
      return .error(401, "Unknown user.")
    }
    state.counters.logins += 1
    return issueTokens(userID: user.id, family: nil, call, &state)
  }

  /// `POST /partners/oauth/{appUUID}/token` `{"user_identifier"}`, Basic auth checked
  /// before.
  static func partnerToken(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let guid = call.string("user_identifier") else {
      return .badField("user_identifier", "is required")
    }
    guard let user = partnerUser(guid: guid, call, &state) else {
      return .error(401, "Unknown user.")
    }
    state.counters.logins += 1
    return issueTokens(userID: user.id, family: nil, call, &state)
  }

  /// `POST /oauth/{appUUID}/token` `{"grant_type": "refresh_token", "refresh_token", ...}`.
  ///
  /// Each refresh token works once. A token presented again ends its whole session (its
  /// family), as OAuth's refresh token rotation recommends.
  static func refresh(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    state.counters.refreshCalls += 1
    guard call.string("grant_type") == "refresh_token" else {
      return .error(
        400, "grant_type must be refresh_token.", extra: ["error": "unsupported_grant_type"])
    }
    guard let token = call.string("refresh_token") else {
      return .badField("refresh_token", "is required")
    }
    guard let record = state.tokens.refresh[token] else {
      return rejectRefresh("The refresh token is unknown.", &state)
    }
    guard !record.used else {
      state.counters.reusedRefreshTokens += 1
      state.tokens.revoke(family: record.family)
      return rejectRefresh("The refresh token was already used; the session has ended.", &state)
    }
    guard record.expiresAt > call.now else {
      return rejectRefresh("The refresh token has expired.", &state)
    }
    if let clientID = call.string("client_id"), clientID != record.clientID {
      return rejectRefresh("The client does not match the refresh token.", &state)
    }
    if let secret = call.string("client_secret"), secret != record.clientSecret {
      return rejectRefresh("The client does not match the refresh token.", &state)
    }
    state.tokens.refresh[token]?.used = true
    return issueTokens(
      userID: record.userID, family: record.family, call, &state,
      client: (record.clientID, record.clientSecret))
  }

  /// `POST /oauth/{appUUID}/logout` `{"access_token", "refresh_token"}`, standard auth
  /// (seed: `/oauth/{appUUID}/*` is standard): revokes the sessions of the tokens in the
  /// body. Unknown, expired or already revoked tokens are not an error: logging out twice
  /// succeeds.
  static func logout(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let access = call.string("access_token")
    let refresh = call.string("refresh_token")
    guard access != nil || refresh != nil else {
      return .badField("access_token", "or refresh_token is required")
    }
    if let access, let tokenID = call.issuer.verifiedID(of: access),
      let family = state.tokens.access[tokenID]?.family
    {
      state.tokens.revoke(family: family)
    }
    if let refresh, let family = state.tokens.refresh[refresh]?.family {
      state.tokens.revoke(family: family)
    }
    return .ok(["msg": "Logged out."])
  }

  // MARK: Helpers

  private static func rejectRefresh(_ message: String, _ state: inout SandboxState)
    -> SandboxReply
  {
    state.counters.rejectedRefreshes += 1
    return .error(401, message, extra: ["error": "invalid_grant"])
  }

  private static func partnerUser(
    guid: String, _ call: SandboxCall, _ state: inout SandboxState
  ) -> SandboxUser? {
    if let known = state.user(guid: guid) {
      return known
    }
    guard call.configuration.autoRegister else { return nil }
    let user = call.generator.user(
      email: "\(guid.lowercased())@partner.sandbox.test", guid: guid, catalog: call.catalog)
    state.add(user)
    return user
  }

  /// Issues an access token and a refresh token in `family` (a new one for a login).
  static func issueTokens(
    userID: String, family: Int?, _ call: SandboxCall, _ state: inout SandboxState,
    client: (id: String, secret: String)? = nil
  ) -> SandboxReply {
    .ok(
      mintTokens(
        userID: userID, family: family, now: call.now, configuration: call.configuration,
        issuer: call.issuer, state: &state, client: client))
  }

  /// The token response's fields for a new access token and refresh token.
  static func mintTokens(
    userID: String, family: Int?, now: Date, configuration: SandboxConfiguration,
    issuer: TokenIssuer, state: inout SandboxState, client: (id: String, secret: String)? = nil
  ) -> [String: JSONValue] {
    let family = family ?? state.tokens.newFamily()
    let serial = state.tokens.nextSerialNumber()
    let jti = "at-\(serial)"
    let lifetime = configuration.tokenLifetime
    // JWT dates are whole seconds; the server keeps the same instant the client reads.
    let expiresAt = Date(
      timeIntervalSince1970: now.addingTimeInterval(lifetime).timeIntervalSince1970.rounded(.down))
    let access = issuer.mint(userID: userID, jti: jti, issuedAt: now, expiresAt: expiresAt)
    let forgottenBefore = state.tokens.forgotten
    state.tokens.add(
      access: TokenBook.Access(userID: userID, family: family, expiresAt: expiresAt), id: jti,
      keepingAtMost: configuration.maxIssuedTokens)
    var generator = SystemRandomNumberGenerator()
    let refresh =
      "rt-\(serial)-" + (0..<2).map { _ in String(generator.next(), radix: 16) }.joined()
    let clientID = client?.id ?? "sandbox-client-\(family)"
    let clientSecret = client?.secret ?? String(generator.next(), radix: 16)
    state.tokens.add(
      refresh: TokenBook.Refresh(
        userID: userID, family: family,
        expiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime),
        clientID: clientID, clientSecret: clientSecret, used: false),
      token: refresh, keepingAtMost: configuration.maxIssuedTokens)
    state.counters.tokensForgotten += state.tokens.forgotten - forgottenBefore
    return [
      "access_token": .string(access),
      "refresh_token": .string(refresh),
      "client_id": .string(clientID),
      "client_secret": .string(clientSecret),
      "token_type": "Bearer",
      "expires_in": .integer(Int(saturating: lifetime)),
    ]
  }

  static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
      && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !text.contains(" ")
  }
}
