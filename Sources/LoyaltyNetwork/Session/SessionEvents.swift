public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The session's tokens were refreshed.
public struct SessionRefreshed: LoyaltyEvent, Equatable {
  public static let eventName = "session_refreshed"

  /// Creates the event.
  public init() {}
}

/// The session ended: the user must log in again.
public struct SessionEnded: LoyaltyEvent, Equatable {
  public static let eventName = "session_ended"

  /// Why the session ended.
  public enum Reason: String, Sendable, Equatable {
    /// The server rejected the refresh token.
    case refreshRejected = "refresh_rejected"
    /// The access token expired and could not be refreshed (there was no refresh token).
    /// Transient refresh failures keep the session and post nothing.
    case refreshFailed = "refresh_failed"
    /// The user logged out.
    case logout
    /// A response status the error policy treats as fatal.
    case fatalStatus = "fatal_status"
  }

  /// Why the session ended.
  public let reason: Reason
  /// The HTTP status that ended it, for ``Reason/fatalStatus``.
  public let status: Int?

  /// Creates the event.
  public init(reason: Reason, status: Int? = nil) {
    self.reason = reason
    self.status = status
  }

  public var attributes: [String: String] {
    var attributes = ["reason": reason.rawValue]
    attributes["status"] = status.map(String.init)
    return attributes
  }
}

/// The device's clock differs from the server's by more than a minute (or the difference
/// moved by more than a minute since the last report): token expiry is judged on the
/// server's time meanwhile. A host may tell its user to check the date and time.
public struct ClockSkewDetected: LoyaltyEvent, Equatable {
  public static let eventName = "clock_skew_detected"

  /// The server's time less the device's, in seconds (positive: the device is behind).
  public let offset: TimeInterval

  /// Creates the event.
  public init(offset: TimeInterval) {
    self.offset = offset
  }

  public var attributes: [String: String] { ["offset": String(Int(saturating: offset.rounded()))] }
}
