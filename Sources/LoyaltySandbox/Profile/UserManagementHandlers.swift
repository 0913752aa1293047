import LoyaltyCore

/// `POST /user/{appUUID}/{action}`: register, change and reset the password, and request
/// a one-time password. Standard auth; the fields are the body's top level.
enum UserManagementHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .userManagement(action: "register"), endpoint: .register, auth: .standard, answer: .object,
      handler: UserManagementHandlers.register),
    SandboxRoute(
      .userManagement(action: "change_password"), endpoint: .changePassword, auth: .standard,
      answer: .noPayload, handler: UserManagementHandlers.changePassword),
    SandboxRoute(
      .userManagement(action: "reset_password"), endpoint: .resetPassword, auth: .standard,
      answer: .noPayload, handler: UserManagementHandlers.resetPassword),
    SandboxRoute(
      .userManagement(action: "request_otp"), endpoint: .requestOTP, auth: .standard,
      answer: .noPayload, handler: UserManagementHandlers.requestOTP),
  ]

  /// `register` `{"email", "password", "firstname"?, "lastname"?}`.
  static func register(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let email = call.string("email"), AuthHandlers.isEmail(email) else {
      return .badField("email", "must be an email address")
    }
    guard let password = call.string("password"), password.count >= 8 else {
      return .badField("password", "must have at least 8 characters")
    }
    guard state.user(email: email) == nil else {
      return .declined("This email is already registered.")
    }
    var user = call.generator.user(email: email, guid: nil, catalog: call.catalog)
    user.password = password
    if let first = call.string("firstname") { user.firstName = first }
    if let last = call.string("lastname") { user.lastName = last }
    state.add(user)
    return .result(user.profileJSON())
  }

  /// `change_password` `{"email", "old_password", "new_password"}`.
  static func changePassword(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let email = call.string("email") else { return .badField("email", "is required") }
    guard let old = call.string("old_password") else {
      return .badField("old_password", "is required")
    }
    guard let new = call.string("new_password"), new.count >= 8 else {
      return .badField("new_password", "must have at least 8 characters")
    }
    guard let user = state.user(email: email), user.password == old else {
      return .declined("The email or the old password is wrong.")
    }
    guard new != old else {
      return .declined("The new password must differ from the old one.")
    }
    state.users[user.id]?.password = new
    return .ok(["msg": "The password was changed."])
  }

  /// `reset_password` `{"email"}`: the same answer whether or not the address is known.
  static func resetPassword(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let email = call.string("email"), AuthHandlers.isEmail(email) else {
      return .badField("email", "must be an email address")
    }
    if state.user(email: email) != nil {
      state.passwordResets.append(email.lowercased())
    }
    return .ok(["msg": "If the address is registered, a reset email is on its way."])
  }

  /// `request_otp` `{"msisdn"}`: a phone number of 10 to 15 digits, `+` allowed first.
  static func requestOTP(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let phone = call.string("msisdn") else { return .badField("msisdn", "is required") }
    let digits = phone.hasPrefix("+") ? String(phone.dropFirst()) : phone
    guard (10...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return .badField("msisdn", "must be a phone number of 10 to 15 digits")
    }
    state.otpRequests.append(phone)
    return .ok([
      "otp_uuid": .string(state.nextIdentifier("otp_")),
      "expires_in": 300,
    ])
  }
}
