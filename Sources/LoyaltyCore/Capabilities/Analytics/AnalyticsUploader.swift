/// Sends a batch of analytics events to the backend.
///
/// LoyaltyNetwork provides one that gzips the batch and posts it to the analytics
/// endpoint; the analytics pipeline in LoyaltyEvents decides what to do with the outcome.
///
/// Every conforming type must:
/// - send the events exactly as given, in one request (the pipeline splits batches);
/// - map the server's answer to an ``AnalyticsUploadOutcome`` rather than throw for HTTP
///   statuses, and report "no answer" as ``AnalyticsUploadOutcome/retryLater(after:)``;
/// - be safe to call concurrently.
public protocol AnalyticsUploader: Sendable {
  /// Uploads `events`, whose payloads are JSON objects.
  func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome
}

/// What the backend did with a batch.
public enum AnalyticsUploadOutcome: Sendable, Equatable {
  /// Stored; `duplicates` of them had been received before.
  case accepted(duplicates: Int)
  /// These events are invalid and will never be accepted; the others were not stored.
  case rejected(ids: [String], message: String?)
  /// The batch is too large for the server (413).
  case tooLarge
  /// Nothing was stored: a network error, a transient status (408, 429, 5xx), or a
  /// refusal that names no event. `after` is the server's `Retry-After`, when it sent
  /// one with a transient status.
  case retryLater(after: Double?)
}
