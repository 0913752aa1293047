import LoyaltyCore

/// The refresh coordinator's errors, its rule for a failed refresh, and its metric.
extension RefreshCoordinator {
  /// Whether a refresh error leaves the session in place: a transient failure, or the
  /// circuit breaker pausing refresh calls.
  static func keepsSession(_ error: LoyaltyError) -> Bool {
    error.code == .refreshFailed || error.code == .circuitOpen
  }

  /// The error of a call that needs a session when there is none.
  static func notAuthenticated() -> LoyaltyError {
    LoyaltyError(
      .notAuthenticated, "There is no session: the user is not logged in.",
      recoverySuggestion: "Log in first.")
  }

  /// Counts one refresh, with its outcome.
  static func countRefresh(_ outcome: String, in metrics: any MetricsRecorder) {
    metrics.record(
      .counter(
        LoyaltyMetric.Name.tokenRefreshes,
        dimensions: [.init(LoyaltyMetric.DimensionKey.outcome, outcome)]))
  }
}
