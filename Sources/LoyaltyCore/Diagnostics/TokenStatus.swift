#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The stored session token's state, judged on the server's clock (seed 000:
/// `getTokenStatus`). Names no token.
public enum TokenStatus: Sendable, Hashable, CustomStringConvertible {
  /// No token is stored.
  case absent
  /// A token is stored and usable beyond the expiring window; `expiresAt` is `nil` when
  /// the access token does not say when it expires (not a JWT, or no `exp`).
  case valid(expiresAt: Date?)
  /// A token is stored, usable, and expires within the window: the next call refreshes
  /// it.
  case expiringSoon(expiresAt: Date)
  /// The access token's expiry has passed on the server's clock.
  case expired(expiresAt: Date)
  /// Tokens are stored but cannot be read (a wrong key, a damaged row): `reason` says
  /// why, without a secret.
  case unreadable(reason: String)

  /// The status of an access token `accessToken` at `now`, `window` seconds being the
  /// expiring window: expired when `now` is at or past its `exp` (as the session judges
  /// it), expiring soon when `now + window` is at or past it.
  public static func of(accessToken: String?, at now: Date, window: TimeInterval) -> TokenStatus {
    guard let accessToken, !accessToken.isEmpty else { return .absent }
    guard let expiresAt = (try? JSONWebToken(accessToken))?.expiresAt else {
      return .valid(expiresAt: nil)
    }
    if now >= expiresAt { return .expired(expiresAt: expiresAt) }
    if now.addingTimeInterval(window) >= expiresAt { return .expiringSoon(expiresAt: expiresAt) }
    return .valid(expiresAt: expiresAt)
  }

  /// Whether a call can use the token without a refresh first.
  public var isUsable: Bool {
    switch self {
    case .valid, .expiringSoon: true
    case .absent, .expired, .unreadable: false
    }
  }

  /// `absent`, `valid until <date>`, `expiring soon (<date>)`, `expired (<date>)` or
  /// `unreadable: <reason>`.
  public var description: String {
    switch self {
    case .absent: "absent"
    case .valid(let expiresAt?): "valid until \(Self.stamp(expiresAt))"
    case .valid(nil): "valid (no expiry in the token)"
    case .expiringSoon(let expiresAt): "expiring soon (\(Self.stamp(expiresAt)))"
    case .expired(let expiresAt): "expired (\(Self.stamp(expiresAt)))"
    case .unreadable(let reason): "unreadable: \(reason)"
    }
  }

  private static func stamp(_ date: Date) -> String {
    Date.ISO8601FormatStyle().format(date)
  }
}
