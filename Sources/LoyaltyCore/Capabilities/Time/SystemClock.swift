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

  public func sleep(for seconds: TimeInterval) async throws {
    guard seconds > 0 else {
      try Task.checkCancellation()
      return
    }
    try await Task.sleep(nanoseconds: UInt64((seconds * 1_000_000_000).rounded()))
  }
}
