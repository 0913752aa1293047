public import LoyaltyCore

/// A login succeeded: the seed's `onAuthenticated` (seed 002 lines 248 and 266), posted
/// once per login by any method, after the tokens are stored.
///
/// It never carries the tokens: only how the user logged in and, when the access token is
/// a JWT that names one (`sub`), the user's id. A refresh is not a login and posts
/// ``SessionRefreshed`` instead.
public struct Authenticated: LoyaltyEvent, Equatable {
  public static let eventName = "authenticated"

  /// How the user logged in.
  public enum Method: String, Sendable, Equatable, CaseIterable {
    /// ``Session/loginWithEmail(_:)``, the seed's `deiLogin`.
    case email
    /// ``Session/verifyTicket(guid:ticket:)``.
    case ticket
    /// ``Session/loginPartnerUser(guid:username:password:)`` and
    /// ``Session/getCosmoteUser(guid:)``.
    case partnerUser = "partner_user"
    /// ``Session/login(with:)``: tokens the host obtained itself.
    case tokens
    /// ``Session/loginWithTokenProvider()``.
    case tokenProvider = "token_provider"
  }

  /// How the user logged in.
  public let method: Method
  /// The user's id, the access token's `sub` claim; `nil` when the token is not a JWT or
  /// names no subject.
  public let userID: String?

  /// Creates the event.
  public init(method: Method, userID: String?) {
    self.method = method
    self.userID = userID
  }

  /// Reads the user's id from `accessToken` (its `sub`), never keeping the token.
  init(method: Method, accessToken: String) {
    let subject = (try? JSONWebToken(accessToken))?.subject
    self.init(method: method, userID: subject?.isEmpty == false ? subject : nil)
  }

  /// `method`, and `user_id` when known.
  public var attributes: [String: String] {
    var attributes = ["method": method.rawValue]
    attributes["user_id"] = userID
    return attributes
  }
}
