package import LoyaltyCore

/// The authentication calls, as values. Paths and bodies are described in
/// `Docs/API.md`.
///
/// `package` so that the fuzz harness (Tests/LoyaltyFuzz) reads token answers through
/// exactly these endpoints.
package enum AuthEndpoints {
  /// The refresh call's endpoint name, which its metrics carry.
  static let refreshName = "refreshToken"

  /// Exchanges a refresh token for a new pair.
  package static func refresh(_ pair: TokenPair) -> Endpoint<TokenPair> {
    var fields: [String: JSONValue] = [
      "refresh_token": .string(pair.refreshToken), "grant_type": "refresh_token",
    ]
    fields["client_id"] = pair.clientID.map(JSONValue.string)
    fields["client_secret"] = pair.clientSecret.map(JSONValue.string)
    return Endpoint(
      name: refreshName, method: .post, path: "/oauth/{appUUID}/token", auth: .standard,
      body: .json(.object(fields)), isIdempotent: true, check: .envelopeIfPresent,
      decode: tokenPair)
  }

  /// Logs in by email (the seed's DEI login).
  package static func emailLogin(_ email: String) -> Endpoint<TokenPair> {
    Endpoint(
      name: "emailLogin", method: .post, path: "/partners/dei/login", auth: .standard,
      body: .json(["email": .string(email)]), check: .envelope, decode: tokenPair)
  }

  /// Verifies a partner ticket (the seed's Cosmote flow).
  static func verifyTicket(guid: String, ticket: String, appUUID: String)
    -> Endpoint<TokenPair>
  {
    Endpoint(
      name: "verifyTicket", method: .post, path: "/partners/cosmote/verify", auth: .standard,
      body: .json([
        "guid": .string(guid), "app_uuid": .string(appUUID), "ticket": .string(ticket),
      ]),
      check: .envelope, decode: tokenPair)
  }

  /// Logs a partner user in by GUID with the partner's basic credentials.
  static func partnerUser(guid: String, username: String, password: String)
    -> Endpoint<TokenPair>
  {
    Endpoint(
      name: "partnerUser", method: .post, path: "/partners/oauth/{appUUID}/token",
      auth: .basic(username: username, password: password),
      body: .json(["user_identifier": .string(guid)]), check: .envelope, decode: tokenPair)
  }

  /// Ends the session on the server.
  ///
  /// Standard auth, as the seed lists it for `/oauth/{appUUID}/*`: the tokens travel in
  /// the body and no `Authorization` header is sent, so logout never refreshes,
  /// proactively or after a 401.
  static func logout(_ pair: TokenPair) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "logout", method: .post, path: "/oauth/{appUUID}/logout", auth: .standard,
      body: .json([
        "access_token": .string(pair.accessToken), "refresh_token": .string(pair.refreshToken),
      ]), check: .envelopeIfPresent)
  }

  /// Reads `access_token`, `refresh_token` and the optional client credentials.
  @Sendable static func tokenPair(_ envelope: ResponseEnvelope) throws -> TokenPair {
    guard let access = envelope["access_token"]?.looseString, !access.isEmpty else {
      throw LoyaltyError(
        .missingField, "The token response has no access_token.",
        metadata: ["field": "access_token"])
    }
    return TokenPair(
      accessToken: access,
      refreshToken: envelope["refresh_token"]?.looseString ?? "",
      clientID: envelope["client_id"]?.looseString,
      clientSecret: envelope["client_secret"]?.looseString)
  }
}
