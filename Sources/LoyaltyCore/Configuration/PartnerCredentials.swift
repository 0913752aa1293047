/// The partner's basic credentials for its user login (`/partners/oauth/{appUUID}/token`,
/// seed 000 lines 169, 283 and 789): with them in the configuration, a login needs only
/// the user's GUID (`session.getCosmoteUser(guid:)`).
///
/// In `loyalty.json`:
///
/// ```json
/// { "partner": { "username": "partner-app", "password": "…" } }
/// ```
///
/// The password is a secret like the API key: it is masked in the description, the
/// summary and every log line.
public struct PartnerCredentials: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The partner's user name, sent in the `Authorization: Basic` header.
  public var username: String
  /// The partner's password, sent in the `Authorization: Basic` header.
  public var password: String

  /// Creates the credentials.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  /// `PartnerCredentials(username: partner-app, password: <masked>)`.
  public var description: String {
    "PartnerCredentials(username: \(username), password: \(SecretMasker.placeholder))"
  }
}
