#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The live clock: wall-clock time and `Task.sleep`.
public struct SystemClock: LoyaltyClock {
  /// Creates the system clock.
  public init() {}

  public var now: Date { Date() }

  /// The origin of ``monotonicTime``: the first reading in the process.
  private static let origin = ContinuousClock.now

  /// Seconds on `ContinuousClock` (which goes on while the device sleeps) since the
  /// process first read it; setting the wall clock does not move it.
  public var monotonicTime: TimeInterval {
    let (seconds, attoseconds) = Self.origin.duration(to: .now).components
    return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
  }

  /// The longest single `Task.sleep`: a longer wait is slept in steps, so that no
  /// interval (`1e19` seconds, `.infinity`) overflows the nanosecond count.
  static let longestStep: TimeInterval = 86_400

  /// Sleeps for `seconds`; NaN and values up to 0 do not sleep, `.infinity` sleeps until
  /// the task is cancelled.
  public func sleep(for seconds: TimeInterval) async throws {
    guard seconds > 0 else {
      try Task.checkCancellation()
      return
    }
    var remaining = seconds
    while remaining > 0 {
      let step = min(remaining, Self.longestStep)
      try await Task.sleep(nanoseconds: UInt64(saturating: (step * 1_000_000_000).rounded()))
      remaining -= step
    }
  }
}
