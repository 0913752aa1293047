/// Receives the SDK's events. Products post through it without knowing who listens.
///
/// LoyaltyEvents provides the event bus; Core provides ``InMemoryEventSink``.
///
/// Every conforming type must:
/// - return from ``post(_:)`` quickly, without waiting for subscribers;
/// - deliver events posted from one task in the order they were posted;
/// - be safe to call concurrently.
public protocol EventSink: Sendable {
  /// Posts `event`.
  func post(_ event: any LoyaltyEvent)
}
