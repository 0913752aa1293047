import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `operation`, failing with `error` if it has not finished within `seconds` on
/// `clock`. The operation is cancelled when the time runs out.
func withTimeout<T: Sendable>(
  _ seconds: TimeInterval,
  clock: any LoyaltyClock,
  error: @autoclosure @escaping @Sendable () -> LoyaltyError,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await clock.sleep(for: seconds)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw error()
    }
    return value
  }
}
