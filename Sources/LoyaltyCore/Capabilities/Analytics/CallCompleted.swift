#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An SDK call ended: its name, how long it took, whether it succeeded, and the error's
/// code and HTTP status when it failed.
///
/// Posted on the event bus once for every call that records analytics (the market's,
/// the logins, logout, refresh, device registration and the push token), whatever the
/// privacy switches: it carries no user data, only what a monitoring tool needs (seed 000
/// lines 915-916: every error posts a Dynatrace event). Forward it to Sentry, Datadog or
/// Dynatrace from one subscription (`Docs/Events.md`).
public struct CallCompleted: LoyaltyEvent, Equatable {
  public static let eventName = "call_completed"

  /// The call's name, as its analytics event has it: `campaigns`, `dei_login`.
  public let operation: String
  /// How long the call took, in seconds, on the client's monotonic clock.
  public let duration: TimeInterval
  /// Whether the call succeeded.
  public let succeeded: Bool
  /// The error's stable code when it failed (`LOY-3001` is 3001); `nil` on success, or
  /// for an error that is not the SDK's.
  public let errorCode: Int?
  /// The HTTP status of the answer that failed the call, when there was one.
  public let status: Int?

  /// Creates the event.
  public init(
    operation: String, duration: TimeInterval, succeeded: Bool, errorCode: Int? = nil,
    status: Int? = nil
  ) {
    self.operation = operation
    self.duration = duration
    self.succeeded = succeeded
    self.errorCode = errorCode
    self.status = status
  }

  /// `operation`, `outcome` (`success` or `error`), `duration_ms`, and `error_code` and
  /// `status` when known.
  public var attributes: [String: String] {
    var attributes = [
      "operation": operation, "outcome": succeeded ? "success" : "error",
      "duration_ms": String(Int(saturating: (duration * 1000).rounded())),
    ]
    attributes["error_code"] = errorCode.map(String.init)
    attributes["status"] = status.map(String.init)
    return attributes
  }
}
