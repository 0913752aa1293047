#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The source of time for everything in the SDK that waits or expires.
///
/// Every conforming type must:
/// - return a non-decreasing ``now`` within one process, as far as it can;
/// - make ``sleep(for:)`` return no earlier than the given interval, measured on its
///   own ``now``, and throw `CancellationError` promptly when the task is cancelled.
///
/// ``SystemClock`` is the live clock; ``ManualClock`` is the in-memory one tests
/// advance by hand.
///
/// ``now`` is the wall clock, which the user or the network may set anywhere, backwards
/// too; ``monotonicTime`` only moves forward, and is what intervals are measured on when
/// a jump of the wall clock must not count.
public protocol LoyaltyClock: Sendable {
  /// The current time.
  var now: Date { get }
  /// Seconds on a clock that never jumps, from an origin of the clock's choosing: only the
  /// difference of two readings means anything. It goes on while the device sleeps.
  ///
  /// A clock that cannot tell it uses its ``now`` (the default implementation), as if its
  /// wall clock never jumped.
  var monotonicTime: TimeInterval { get }
  /// Suspends the current task for `seconds`.
  /// - Throws: `CancellationError` when the task is cancelled.
  func sleep(for seconds: TimeInterval) async throws
}

extension LoyaltyClock {
  /// The wall clock's seconds, for a clock that has no monotonic one: intervals measured
  /// on it follow the jumps of ``now``.
  public var monotonicTime: TimeInterval { now.timeIntervalSinceReferenceDate }
}
