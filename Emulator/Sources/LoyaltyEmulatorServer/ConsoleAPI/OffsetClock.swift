public import Foundation
public import LoyaltyCore
import Synchronization

/// The system clock moved by an offset the console can change while the emulator runs:
/// the server's clock set ahead or behind, for tokens that expire early or late and
/// `Date` headers a client must not trust blindly.
public final class OffsetClock: LoyaltyClock {
  private let base = SystemClock()
  private let seconds = Mutex<TimeInterval>(0)

  /// Creates a clock on the system's time.
  public init() {}

  /// The seconds the clock is ahead of the system's (behind when negative).
  public var offset: TimeInterval {
    get { seconds.withLock { $0 } }
    set { seconds.withLock { $0 = newValue } }
  }

  /// The system's time plus ``offset``.
  public var now: Date { base.now.addingTimeInterval(offset) }

  /// The system's monotonic time: an offset moves the wall clock only.
  public var monotonicTime: TimeInterval { base.monotonicTime }

  /// Suspends the current task for `seconds`.
  public func sleep(for seconds: TimeInterval) async throws {
    try await base.sleep(for: seconds)
  }
}
