public import LoyaltyCore

extension Market {
  /// The user's profile, under the configured read policy.
  public func profile() async throws -> Profile {
    try await profile(policy: nil).value
  }

  /// The user's profile (points among it) under `policy`, with where it came from and
  /// when.
  public func profile(policy: ReadPolicy?) async throws -> Answered<Profile> {
    try await call(MarketEndpoints.profile.name) {
      try await reading(
        MarketEndpoints.profile.name, kind: "profile", policy, language: nil,
        rerun: { [weak self] policy, _ in _ = try? await self?.profile(policy: policy) }
      ) { [self] policy, ticket in
        try await read(MarketEndpoints.profile, (), kind: "profile", policy: policy, ticket: ticket)
      }
    }
  }

  /// Registers a new user with an email address and a password
  /// (`POST /user/{appUUID}/register`, standard auth).
  ///
  /// The arguments are checked before anything is sent. Registering does not log the
  /// user in.
  /// - Parameters:
  ///   - email: The new user's email address.
  ///   - password: The new user's password; the server decides how long it must be.
  ///   - firstName: The first name, sent as `firstname` when given.
  ///   - lastName: The last name, sent as `lastname` when given.
  /// - Returns: The user the server created, with their id.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an email address
  ///   that is not one or an empty password (nothing is sent);
  ///   ``LoyaltyCore/LoyaltyError/Code/serverStatus`` when the server declines (the
  ///   email is taken); ``LoyaltyCore/LoyaltyError/Code/httpStatus`` when it refuses a
  ///   field; ``LoyaltyCore/LoyaltyError/Code/missingField`` when the answer has no
  ///   user id.
  public func register(
    email: String, password: String, firstName: String? = nil, lastName: String? = nil
  ) async throws -> RegisteredUser {
    guard Self.looksLikeEmail(email) else {
      throw LoyaltyError(
        .invalidArgument, "register needs an email address.", metadata: ["field": "email"])
    }
    guard !password.isEmpty else {
      throw LoyaltyError(
        .invalidArgument, "register needs a password.", metadata: ["field": "password"])
    }
    return try await call("register") {
      let envelope = try await send(
        MarketEndpoints.register, (email, password, firstName, lastName))
      let user = envelope["result"]
      guard let id = (user?["uuid"] ?? envelope["uuid"])?.looseString, !id.isEmpty else {
        throw LoyaltyError(
          .missingField, "register answered without the new user's uuid.",
          metadata: ["call": "register", "field": "uuid"])
      }
      return RegisteredUser(
        id: id, email: user?["email"]?.looseString ?? email,
        firstName: user?["firstname"]?.looseString ?? firstName,
        lastName: user?["lastname"]?.looseString ?? lastName)
    }
  }

  /// Whether `text` has an email address's shape: one `@`, something before it, a dot
  /// inside the domain, no spaces.
  static func looksLikeEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else {
      return false
    }
    let domain = parts[1]
    return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
  }

  /// Changes the user's password.
  public func changePassword(email: String, oldPassword: String, newPassword: String)
    async throws -> GenericResponse
  {
    try await perform(MarketEndpoints.changePassword, (email, oldPassword, newPassword))
  }

  /// Asks for a password reset email.
  public func resetPassword(email: String) async throws -> GenericResponse {
    try await perform(MarketEndpoints.resetPassword, email)
  }

  /// Asks for a one-time password by SMS.
  public func requestOTP(phoneNumber: String) async throws -> OTPRequest {
    try await call("request_otp") {
      let envelope = try await send(MarketEndpoints.requestOTP, phoneNumber)
      guard let id = envelope["otp_uuid"]?.looseString, !id.isEmpty else {
        throw MarketDecoding.unusable(call: "request_otp", field: "otp_uuid", kind: .missing)
      }
      guard let expiresIn = envelope["expires_in"]?.looseInt else {
        let collector = DriftCollector()
        collector.record(
          "expires_in", envelope["expires_in"] == nil ? .missing : .unreadable)
        drift.report(collector, call: "request_otp")
        return OTPRequest(id: id, expiresIn: 0)
      }
      return OTPRequest(id: id, expiresIn: expiresIn)
    }
  }
}
