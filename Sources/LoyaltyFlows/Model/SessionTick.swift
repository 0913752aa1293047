#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One tick of a flow's session timer: whole seconds left until the deadline.
public struct SessionTick: Sendable, Hashable {
  /// Whole seconds left, rounded up; 0 when the session expired.
  public let secondsLeft: Int
  /// When the session expires, on the SDK's clock.
  public let deadline: Date

  /// Creates a tick.
  public init(secondsLeft: Int, deadline: Date) {
    self.secondsLeft = secondsLeft
    self.deadline = deadline
  }
}
