/// The tokens of a user's session.
///
/// Its description and its mirror mask every token, so a `TokenPair` can be logged,
/// interpolated or dumped without leaking it.
public struct TokenPair: Sendable, Hashable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The access token (usually a JWT) sent as `Authorization: Bearer`.
  public var accessToken: String
  /// The refresh token exchanged for a new pair.
  public var refreshToken: String
  /// The OAuth client id the server issued with the tokens, if any.
  public var clientID: String?
  /// The OAuth client secret the server issued with the tokens, if any.
  public var clientSecret: String?

  /// Creates a token pair.
  public init(
    accessToken: String, refreshToken: String, clientID: String? = nil, clientSecret: String? = nil
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.clientID = clientID
    self.clientSecret = clientSecret
  }

  public var description: String {
    "TokenPair(accessToken: <masked \(accessToken.count) chars>, "
      + "refreshToken: <masked \(refreshToken.count) chars>, "
      + "clientID: \(clientID == nil ? "nil" : "<masked>"), "
      + "clientSecret: \(clientSecret == nil ? "nil" : "<masked>"))"
  }

  public var debugDescription: String { description }

  /// What `dump` and debuggers show: the masked description, no field.
  public var customMirror: Mirror {
    Mirror(self, children: ["masked": description], displayStyle: .struct)
  }
}

extension TokenPair {
  /// Decodes a token pair; the client id and secret may be absent or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    accessToken = try container.decode("accessToken")
    refreshToken = try container.decode("refreshToken")
    clientID = try container.decodeIfPresent("clientID")
    clientSecret = try container.decodeIfPresent("clientSecret")
  }

  /// Encodes a token pair; a `nil` client id or secret is left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(accessToken, "accessToken")
    try container.encode(refreshToken, "refreshToken")
    try container.encodeIfPresent(clientID, "clientID")
    try container.encodeIfPresent(clientSecret, "clientSecret")
  }
}
