#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The source of time for everything in the SDK that waits or expires.
///
/// Every conforming type must:
/// - return from ``monotonicTime`` readings that never decrease within one process, and
///   that count the time that passes (the device's sleep included), whatever its wall
///   clock does;
/// - make ``sleep(for:)`` return no earlier than the given interval, and throw
///   `CancellationError` promptly when the task is cancelled.
///
/// ``SystemClock`` is the live clock; ``ManualClock`` is the in-memory one tests
/// advance by hand.
///
/// ``now`` is the wall clock, which the user or the network may set anywhere, backwards
/// too; ``monotonicTime`` only moves forward, and is what intervals are measured on when
/// a jump of the wall clock must not count. A host clock that shifts or replaces the wall
/// clock and has no monotonic time of its own returns the system's,
/// `SystemClock().monotonicTime`; one that reads its wall clock there breaks the rule,
/// and the SDK then counts a step back as no time passing.
public protocol LoyaltyClock: Sendable {
  /// The current time on the wall clock.
  var now: Date { get }
  /// Seconds on a clock that never jumps, from an origin of the clock's choosing: only the
  /// difference of two readings means anything. It goes on while the device sleeps, and
  /// setting the wall clock does not move it.
  var monotonicTime: TimeInterval { get }
  /// Suspends the current task for `seconds`.
  /// - Throws: `CancellationError` when the task is cancelled.
  func sleep(for seconds: TimeInterval) async throws
}
