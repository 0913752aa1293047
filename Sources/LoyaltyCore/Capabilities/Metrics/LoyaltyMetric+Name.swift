extension LoyaltyMetric {
  /// The names of every metric the SDK records. `Docs/Metrics.md` has the same table.
  public enum Name {
    /// Counter, one per network call (whatever its retries): dimensions
    /// ``LoyaltyMetric/DimensionKey/endpoint`` (`campaigns`, `redeemCoupon`, ...) and
    /// ``LoyaltyMetric/DimensionKey/outcome`` (`success`, or the error code's name:
    /// `timedOut`, `httpStatus`, `outcomeUnknown`, ...). The token refresh call counts
    /// too, as endpoint `refreshToken`.
    public static let requests = "loyalty_requests"
    /// Timer, in nanoseconds on a monotonic clock, one per network call, from the call
    /// to its result (the wait for the start's device registration and every retry
    /// included): dimension ``LoyaltyMetric/DimensionKey/endpoint``.
    public static let requestDuration = "loyalty_request_duration"
    /// Counter, one per retry of an attempt: dimensions
    /// ``LoyaltyMetric/DimensionKey/endpoint`` and ``LoyaltyMetric/DimensionKey/reason``
    /// (the retried status, `503`, `429`, ..., or the error code's name: `timedOut`,
    /// `notConnected`, ...).
    public static let retries = "loyalty_retries"
    /// Counter, one per token refresh (however many attempts it made, however many
    /// callers shared it): dimension ``LoyaltyMetric/DimensionKey/outcome`` (`success`,
    /// `refreshRejected`, `refreshFailed`, or another error code's name).
    public static let tokenRefreshes = "loyalty_token_refreshes"
    /// Counter, one each time the refresh circuit breaker opens (from closed after
    /// repeated failures, or again after a failed trial); no dimensions.
    public static let circuitBreakerOpens = "loyalty_circuit_breaker_opens"
    /// Counter, one per analytics event tracked and queued (after the plugins); no
    /// dimensions.
    public static let analyticsEventsTracked = "loyalty_analytics_events_tracked"
    /// Counter of analytics events the server accepted, added per upload; no
    /// dimensions.
    public static let analyticsEventsUploaded = "loyalty_analytics_events_uploaded"
    /// Counter of analytics events given up on: dimension
    /// ``LoyaltyMetric/DimensionKey/reason`` (`capacity`: the queue was full and the
    /// oldest went; `plugin`: a plugin dropped it; `rejected`: the server refused it;
    /// `expired`: too many attempts or too old; `tooLarge`: the server found it too
    /// large).
    public static let analyticsEventsDropped = "loyalty_analytics_events_dropped"
    /// Gauge, in events: how many events the analytics queue holds, recorded when the
    /// pipeline knows it (after a flush, when the queue overflows, and when statistics
    /// are read); no dimensions.
    public static let analyticsQueueDepth = "loyalty_analytics_queue_depth"
    /// Counter, one per directory sync (callers joining a sync under way share it):
    /// dimension ``LoyaltyMetric/DimensionKey/outcome`` (`updated`, `notModified`, or the
    /// error code's name: `directoryDownloadFailed`, `directorySnapshotHashMismatch`,
    /// ...).
    public static let directorySyncs = "loyalty_directory_syncs"
    /// Timer, in nanoseconds on a monotonic clock, one per directory sync, from its
    /// start to its outcome; dimension ``LoyaltyMetric/DimensionKey/outcome``, as for
    /// ``directorySyncs``.
    public static let directorySyncDuration = "loyalty_directory_sync_duration"

    /// Every name above, in the order of the table.
    public static let all: [String] = [
      requests, requestDuration, retries, tokenRefreshes, circuitBreakerOpens,
      analyticsEventsTracked, analyticsEventsUploaded, analyticsEventsDropped,
      analyticsQueueDepth, directorySyncs, directorySyncDuration,
    ]
  }
}
