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
public protocol LoyaltyClock: Sendable {
  /// The current time.
  var now: Date { get }
  /// Suspends the current task for `seconds`.
  /// - Throws: `CancellationError` when the task is cancelled.
  func sleep(for seconds: TimeInterval) async throws
}
