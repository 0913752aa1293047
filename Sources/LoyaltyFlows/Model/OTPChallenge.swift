#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A one-time code the server sent: when it expires, when a new one may be asked for,
/// and how many wrong codes are still allowed.
///
/// The times are absolute, computed on the SDK's clock from the server's relative
/// answer, so a countdown survives the app going to the background.
public struct OTPChallenge: Sendable, Hashable, CustomStringConvertible {
  /// When the code stops being accepted.
  public let expiresAt: Date
  /// When ``FlowRun/resendCode()`` is accepted.
  public let resendAvailableAt: Date
  /// How many more codes may be submitted.
  public let attemptsLeft: Int

  /// Creates a challenge.
  public init(expiresAt: Date, resendAvailableAt: Date, attemptsLeft: Int) {
    self.expiresAt = expiresAt
    self.resendAvailableAt = resendAvailableAt
    self.attemptsLeft = attemptsLeft
  }

  /// Whole seconds until the code expires at `now`, rounded up; 0 once expired.
  public func secondsUntilExpiry(at now: Date) -> Int {
    Self.wholeSeconds(expiresAt.timeIntervalSince(now))
  }

  /// Whole seconds until a new code may be asked for at `now`, rounded up; 0 when it may.
  public func secondsUntilResend(at now: Date) -> Int {
    Self.wholeSeconds(resendAvailableAt.timeIntervalSince(now))
  }

  /// The same challenge with one attempt fewer.
  func consumingAttempt() -> OTPChallenge {
    OTPChallenge(
      expiresAt: expiresAt, resendAvailableAt: resendAvailableAt,
      attemptsLeft: max(0, attemptsLeft - 1))
  }

  static func wholeSeconds(_ interval: TimeInterval) -> Int {
    guard interval > 0 else { return 0 }
    guard interval < Double(Int32.max) else { return Int(Int32.max) }
    return Int(interval.rounded(.up))
  }

  /// `OTPChallenge(expiresAt: ..., attemptsLeft: 3)`.
  public var description: String {
    "OTPChallenge(expiresAt: \(expiresAt.timeIntervalSince1970), resendAvailableAt: "
      + "\(resendAvailableAt.timeIntervalSince1970), attemptsLeft: \(attemptsLeft))"
  }
}
