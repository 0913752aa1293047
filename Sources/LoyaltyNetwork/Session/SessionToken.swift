public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A token pair with what its access token says about its own lifetime.
///
/// The expiry comes from the access token's JWT `exp` claim; a token that is not a JWT,
/// or has no `exp`, has no known expiry and is treated as valid until the server says
/// otherwise with a 401.
public struct SessionToken: Sendable, Equatable, CustomStringConvertible {
  /// The tokens.
  public let pair: TokenPair
  /// When the access token expires, if it says.
  public let expiresAt: Date?
  /// When the server issued the access token (its `iat`), if it says.
  public let issuedAt: Date?

  /// Reads the expiry and issue time from `pair`'s access token.
  public init(_ pair: TokenPair) {
    self.pair = pair
    let token = try? JSONWebToken(pair.accessToken)
    self.expiresAt = token?.expiresAt
    self.issuedAt = token?.issuedAt
  }

  /// Whether the access token has expired at `now`.
  public func isExpired(at now: Date) -> Bool {
    guard let expiresAt else { return false }
    return now >= expiresAt
  }

  /// Whether the access token expires within `threshold` seconds of `now` (the
  /// proactive refresh window, 300 s by default).
  public func shouldRefresh(at now: Date, threshold: TimeInterval) -> Bool {
    guard let expiresAt else { return false }
    return now.addingTimeInterval(threshold) >= expiresAt
  }

  /// Whether the access token can be used at `now`: not empty and not expired.
  public func isValid(at now: Date) -> Bool {
    !pair.accessToken.isEmpty && !isExpired(at: now)
  }

  /// The least time an access token must have left, on the server's clock, for the SDK
  /// to send it (chosen here): the server's time is estimated from `Date` headers, which
  /// count whole seconds, and a request takes time to arrive. A token closer to its
  /// expiry is refreshed first, or not sent.
  public static let sendMargin: TimeInterval = 5

  /// Whether the access token can be sent at `now`: valid for ``sendMargin`` more.
  func isSendable(at now: Date) -> Bool {
    isValid(at: now.addingTimeInterval(Self.sendMargin))
  }

  /// Whether `now` reads before the server issued the access token (its `iat`): the clock
  /// that reads it is behind the server's by an amount nothing tells, so the token's expiry
  /// cannot be judged on it. A device clock set back while the app was not running reads
  /// so until the first answer tells the server's time.
  func isIssued(after now: Date) -> Bool {
    guard let issuedAt else { return false }
    return now < issuedAt
  }

  /// Whether the access token can be sent at `now` when it cannot be refreshed for now:
  /// sendable (``sendMargin``), judged on a clock that does not read before its issue.
  func isSendableAsJudged(at now: Date) -> Bool {
    isSendable(at: now) && !isIssued(after: now)
  }

  /// How far along its life an access token is at an instant, each stage later than the
  /// one before: the refresh coordinator refreshes a token proactively once it reaches a
  /// stage later than the one it arrived in.
  enum Stage: Int, Comparable {
    /// Outside the refresh window, with more than ``SessionToken/sendMargin`` left.
    case fresh
    /// Inside the refresh window, or issued after the instant (a clock behind the
    /// server's by an amount nothing tells).
    case due
    /// With less than ``SessionToken/sendMargin`` left, not expired.
    case unsendable
    /// Expired.
    case expired

    static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The stage of the access token at `now`, with the refresh window `threshold`. A token
  /// with no known expiry is ``Stage/fresh`` or, issued after `now`, ``Stage/due``.
  func stage(at now: Date, threshold: TimeInterval) -> Stage {
    if expiresAt != nil {
      if isExpired(at: now) { return .expired }
      if !isSendable(at: now) { return .unsendable }
    }
    return shouldRefresh(at: now, threshold: threshold) || isIssued(after: now) ? .due : .fresh
  }

  /// Whether the pair can be refreshed: it has a refresh token.
  public var canRefresh: Bool { !pair.refreshToken.isEmpty }

  public var description: String {
    "SessionToken(expiresAt: \(expiresAt.map { "\($0)" } ?? "unknown"), "
      + "canRefresh: \(canRefresh))"
  }
}
