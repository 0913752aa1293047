public import LoyaltyCore

/// What one refresh attempt produced.
public enum RefreshOutcome: Sendable {
  /// New tokens.
  case refreshed(TokenPair)
  /// The server refused the refresh token (a 4xx): the session is over, no retry.
  case rejected(LoyaltyError)
  /// A 5xx, a timeout or a transport error: worth retrying.
  case transient(LoyaltyError)
}
