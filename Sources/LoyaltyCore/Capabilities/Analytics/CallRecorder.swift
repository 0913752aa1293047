#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Records the outcome of SDK calls, the one place that does: each call's success or
/// failure as an analytics event with the platform's naming
/// (`custom_{success|error}_{operation}_loyalty`, seed 000 lines 471 and 490-497), and one
/// ``CallCompleted`` on the event bus.
///
/// Analytics off (``PrivacyFeatures/analytics``) records nothing: the analytics pipeline
/// drops the event at its intake. Failing to record never fails the call.
public struct CallRecorder: Sendable {
  /// Where the analytics events go; none when `nil`.
  public let analytics: (any AnalyticsTracker)?
  /// Where ``CallCompleted`` is posted; none when `nil`.
  public let events: (any EventSink)?
  /// The clock durations are measured on (its monotonic time).
  public let clock: any LoyaltyClock

  /// Creates a recorder.
  public init(
    analytics: (any AnalyticsTracker)?, events: (any EventSink)?, clock: any LoyaltyClock
  ) {
    self.analytics = analytics
    self.events = events
    self.clock = clock
  }

  /// Runs `call` and records its outcome as `operation`. The call runs on the caller's
  /// actor, if any: nothing of it crosses to another.
  public func record<T: Sendable>(
    _ operation: String, isolation: isolated (any Actor)? = #isolation,
    _ call: () async throws -> T
  ) async throws -> T {
    let start = clock.monotonicTime
    do {
      let result = try await call()
      await report(operation, since: start, error: nil)
      return result
    } catch {
      await report(operation, since: start, error: error)
      throw error
    }
  }

  /// Records the outcome of `operation`, begun at `start` on the clock's monotonic time:
  /// a success when `error` is `nil`.
  public func report(_ operation: String, since start: TimeInterval, error: (any Error)?) async {
    let duration = max(0, clock.monotonicTime - start)
    let loyaltyError = error as? LoyaltyError
    var parameters: [String: String] = [:]
    if let loyaltyError {
      parameters["error_code"] = String(loyaltyError.code.rawValue)
    }
    await analytics?.recordCall(operation, succeeded: error == nil, parameters: parameters)
    events?.post(
      CallCompleted(
        operation: operation, duration: duration, succeeded: error == nil,
        errorCode: loyaltyError?.code.rawValue,
        status: loyaltyError?.httpStatus))
  }
}
