/// How a request proves who sends it.
public enum AuthKind: Sendable, Hashable, CustomStringConvertible {
  /// The platform's signed headers only (`loyalty-web-id`, `loyalty-date`,
  /// `loyalty-signature`, ...).
  case standard
  /// The standard headers plus `Authorization: Bearer <access token>`; the session
  /// refreshes the token before it expires and once after a 401.
  case bearer
  /// The standard headers plus `Authorization: Basic <credentials>`, for partner
  /// endpoints.
  case basic(username: String, password: String)

  public var description: String {
    switch self {
    case .standard: "standard"
    case .bearer: "bearer"
    case .basic: "basic"
    }
  }
}
