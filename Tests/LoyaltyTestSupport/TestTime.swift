import Foundation

/// How much longer than on a quiet machine a test may wait for a deadline to show.
///
/// Deadline tests bound how long a call takes (the guarantee under test, far below what
/// a call would take without it). A machine running every suite at once, or under
/// ThreadSanitizer, is slower by a factor: `LOYALTY_TEST_TIME_SCALE` (1 by default, CI
/// sets it for the sanitizer run) multiplies the slack those bounds leave.
public enum TestTime {
  /// The factor, from `LOYALTY_TEST_TIME_SCALE`; at least 1.
  public static let scale: Double = {
    let value = ProcessInfo.processInfo.environment["LOYALTY_TEST_TIME_SCALE"].flatMap(Double.init)
    return max(1, value ?? 1)
  }()

  /// `seconds` of slack, scaled.
  public static func slack(_ seconds: Double) -> Double { seconds * scale }

  /// A test's time limit of `minutes` on a quiet machine, scaled and rounded up to whole
  /// minutes (the unit a time limit trait takes).
  public static func minutes(_ minutes: Int) -> Int {
    Int((Double(minutes) * scale).rounded(.up))
  }
}
