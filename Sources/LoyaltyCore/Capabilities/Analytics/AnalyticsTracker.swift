/// Records analytics events. LoyaltyEvents' pipeline provides it; other products use it
/// through ``CapabilityKey/analytics`` without importing LoyaltyEvents.
///
/// Every conforming type must persist the event before ``track(_:parameters:)`` returns
/// (durably when the queue is durable), give it a unique, time-ordered id, and be safe
/// to call concurrently.
public protocol AnalyticsTracker: Sendable {
  /// Records an event.
  /// - Returns: The event's id.
  @discardableResult
  func track(_ name: String, parameters: [String: String]) async throws -> String
}

extension AnalyticsTracker {
  /// The platform's name for the outcome of an SDK call:
  /// `custom_success_campaigns_loyalty`, `custom_error_redeem_coupon_loyalty`.
  public static func callEventName(operation: String, succeeded: Bool) -> String {
    "custom_\(succeeded ? "success" : "error")_\(operation)_loyalty"
  }

  /// Records the success or failure of the SDK call `operation`, with the platform's
  /// naming. Failing to record never fails the call.
  public func recordCall(_ operation: String, succeeded: Bool, parameters: [String: String] = [:])
    async
  {
    _ = try? await track(
      Self.callEventName(operation: operation, succeeded: succeeded), parameters: parameters)
  }

  /// Runs `call` and records its success or failure as `operation`, through a
  /// ``CallRecorder`` that posts nothing on the bus (the SDK's own calls also post
  /// ``CallCompleted``).
  public func recordingCall<T: Sendable>(
    _ operation: String, _ call: () async throws -> T
  ) async throws -> T {
    try await CallRecorder(analytics: self, events: nil, clock: SystemClock()).record(
      operation, call)
  }
}
