#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The difference between this machine's clock and the server's, judged against the
/// thresholds the request signature tolerates.
///
/// Every request carries `loyalty-date`, and its `loyalty-signature` covers it; a backend
/// that refuses stale or future-dated signatures refuses every request of a device whose
/// clock is too far off. The server's `Date` header has whole seconds, and the request's
/// round trip adds its own uncertainty, so a few seconds mean nothing.
public enum ClockSkew {
  /// Above this many seconds (either way) the check warns: the clock is not synchronized,
  /// and a backend with a tight signature window may start refusing requests.
  public static let warningThreshold: TimeInterval = 30
  /// Above this many seconds (either way) the check is an error: five minutes is the
  /// widest window signature checks commonly allow (the usual replay window of signed
  /// requests), so requests are refused.
  public static let errorThreshold: TimeInterval = 300

  /// The check line for a measured skew: `serverDate - localDate`, positive when this
  /// machine is behind.
  public static func check(skew: TimeInterval) -> DoctorCheck {
    let magnitude = abs(skew)
    let direction = skew >= 0 ? "behind" : "ahead of"
    let seconds = Int(magnitude.rounded())
    let message = "this machine's clock is \(seconds) s \(direction) the server's"
    let fix = "synchronize the clock (NTP: timedatectl set-ntp true, or the system settings)"
    if magnitude > errorThreshold {
      return .error(
        "clock", message + " (over \(Int(errorThreshold)) s: signed requests are refused)",
        fix: fix)
    }
    if magnitude > warningThreshold {
      return .warning("clock", message + " (over \(Int(warningThreshold)) s)", fix: fix)
    }
    return .ok("clock", message)
  }
}
