import Foundation
import LoyaltyCore
import Synchronization

/// The device clock the host gives the SDK through the `.clock` capability: the system's,
/// moved by an offset the host jumps back and forth, as a user changing the date in the
/// settings does. The monotonic time does not jump, as on a device.
final class JumpingClock: LoyaltyClock {
  private let offset = Mutex<TimeInterval>(0)

  /// The current offset from the system clock, in seconds.
  var currentOffset: TimeInterval { offset.withLock { $0 } }

  /// Sets the offset from the system clock.
  func jump(to seconds: TimeInterval) {
    offset.withLock { $0 = seconds }
  }

  var now: Date { Date().addingTimeInterval(currentOffset) }

  var monotonicTime: TimeInterval { ProcessInfo.processInfo.systemUptime }

  func sleep(for seconds: TimeInterval) async throws {
    try await Task.sleep(for: .seconds(max(0, seconds)))
  }
}
