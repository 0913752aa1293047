/// Which final response statuses end the session, and which are ordinary errors.
///
/// A status in ``sessionEndingStatuses`` (checked after refresh and retries) clears the
/// stored tokens, posts ``SessionEnded`` and fails with
/// ``LoyaltyCore/LoyaltyError/Code/sessionEnded``. Any other non-2xx is an ordinary typed
/// error the caller handles.
public struct ErrorPolicy: Sendable, Equatable {
  /// Statuses that end the session.
  public var sessionEndingStatuses: Set<Int>

  /// Creates a policy.
  public init(sessionEndingStatuses: Set<Int> = []) {
    self.sessionEndingStatuses = sessionEndingStatuses
  }

  /// No status ends the session by itself: refresh failures still do.
  public static let standard = ErrorPolicy()

  /// The payments platform's policy: 401, 444, 500 and 501 end the session.
  public static let strict = ErrorPolicy(sessionEndingStatuses: [401, 444, 500, 501])
}
