public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SandboxBackend {
  /// What the backend has counted so far.
  public var counters: SandboxCounters {
    state.withLock { $0.counters }
  }

  /// Sets every counter back to zero.
  public func resetCounters() {
    state.withLock { $0.counters = SandboxCounters() }
  }

  /// Every user, fixture users first, then those registered since, in order.
  public var users: [SandboxUser] {
    state.withLock { state in state.userOrder.compactMap { state.users[$0] } }
  }

  /// The user with `email`, compared case-insensitively.
  public func user(email: String) -> SandboxUser? {
    state.withLock { $0.user(email: email) }
  }

  /// The user with `id` (the `sub` of their access tokens).
  public func user(id: String) -> SandboxUser? {
    state.withLock { $0.users[id] }
  }

  /// The analytics events stored, oldest first (the most recent 100,000).
  public var analyticsEvents: [JSONValue] {
    state.withLock { $0.analytics.events }
  }

  /// The latest device info registered for `deviceID` (`unique_device_id`).
  public func deviceInfo(for deviceID: String) -> JSONValue? {
    state.withLock { $0.devices[deviceID] }
  }

  /// Every device's latest registration, by device id.
  public var deviceRegistrations: [SandboxDeviceRegistration] {
    state.withLock { state in
      state.devices.keys.sorted().compactMap { id in
        state.devices[id].map { SandboxDeviceRegistration(deviceID: id, info: $0) }
      }
    }
  }

  /// The `Idempotency-Key`s remembered, oldest first, with the status each answered.
  public var idempotencyRecords: [SandboxIdempotencyRecord] {
    state.withLock { $0.idempotency.records }
  }

  /// How many `Idempotency-Key`s are remembered with their first answer (at most
  /// ``SandboxConfiguration/maxIdempotencyKeys``).
  public var rememberedIdempotencyKeys: Int {
    state.withLock { $0.idempotency.count }
  }

  /// The email addresses password resets were asked for, in order.
  public var passwordResets: [String] {
    state.withLock { $0.passwordResets }
  }

  /// A partner ticket for `guid` that ticket verification accepts once, for a backend
  /// whose configuration does not accept any ticket.
  public func issueTicket(guid: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let ticket = "ticket-\(guid)-\(String(generator.next(), radix: 16))"
    state.withLock { _ = $0.tickets.insert(ticket) }
    return ticket
  }

  /// Logs the user with `email` in without a request, as the email login would.
  /// - Returns: The tokens, or `nil` when there is no such user.
  public func issueTokens(email: String) -> TokenPair? {
    let now = configuration.clock.now
    return state.withLock { state -> TokenPair? in
      guard let user = state.user(email: email) else { return nil }
      let fields = AuthHandlers.mintTokens(
        userID: user.id, family: nil, now: now, configuration: configuration, issuer: issuer,
        state: &state)
      return TokenPair(
        accessToken: fields["access_token"]?.stringValue ?? "",
        refreshToken: fields["refresh_token"]?.stringValue ?? "",
        clientID: fields["client_id"]?.stringValue,
        clientSecret: fields["client_secret"]?.stringValue)
    }
  }
}

extension SandboxBackend {
  /// The call `request` is for, as counters name it, without answering it: for request
  /// logs.
  public func endpoint(for request: HTTPRequest) -> SandboxEndpoint {
    switch router.match(SandboxRequest(request)) {
    case .route(let route, _, _): route.endpoint
    case .refused(let endpoint, _): endpoint
    }
  }
}
