/// The user a registration created.
public struct RegisteredUser: Sendable, Hashable {
  /// The new user's id (`uuid`): the `sub` of their access tokens once they log in.
  public let id: String
  /// The email address the user registered with.
  public let email: String
  /// The first name, when the server answered one.
  public let firstName: String?
  /// The last name, when the server answered one.
  public let lastName: String?

  /// Creates a registered user.
  public init(id: String, email: String, firstName: String? = nil, lastName: String? = nil) {
    self.id = id
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
  }
}
