package import LoyaltyCore

extension NetworkClient {
  /// A recorder for the outcome of SDK calls made through this client: analytics through
  /// `analytics` (the session's own, handed over at start, when `nil`), and
  /// ``LoyaltyCore/CallCompleted`` on this client's event bus, timed on its clock.
  package func callRecorder(analytics: (any AnalyticsTracker)? = nil) -> CallRecorder {
    CallRecorder(
      analytics: analytics ?? coordinator.callAnalytics.withLock { $0 }, events: events,
      clock: clock)
  }

  /// Hands the analytics pipeline to the session's calls (logins, logout, refresh), once
  /// every module has started (``NetworkModule/clientDidStart(_:context:)``).
  func use(analytics: (any AnalyticsTracker)?) {
    guard let analytics else { return }
    coordinator.callAnalytics.withLock { $0 = analytics }
  }
}
