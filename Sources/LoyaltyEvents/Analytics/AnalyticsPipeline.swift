public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Tracks analytics events and uploads them in batches, losing nothing.
///
/// - ``track(_:parameters:)`` gives the event a unique, time-ordered id and a timestamp,
///   runs the `before` and `enrichment` plugins, and appends it to the event queue
///   before returning: with LoyaltyStore's queue the event then survives a crash.
///   Without plugins it does not wait for the pipeline's actor: concurrent tracks wait
///   together behind a lock, and commits, one task at a time, append them to the queue
///   in batches, in the order their ids were made; each `track` returns once its own
///   event is appended, and an append the queue refuses is tried again event by event,
///   so only its own event fails.
/// - Flushes happen every `flushAt` events, every `flushInterval` seconds, on
///   ``flush()`` and at shutdown; there is never more than one upload in flight, and a
///   queued event is in at most one batch at a time.
/// - Batches hold at most `maxBatchCount` events and `maxBatchBytes` of JSON; an event
///   larger than a batch may be is refused when tracked.
/// - On a network error, a 429 or a 5xx nothing is deleted and the pipeline backs off
///   (`Retry-After` honoured); a 413 splits the batch; a 400 drops only the events the
///   server rejected and reports them.
/// - The queue holds at most `queueCapacity` events, dropping (and counting) the oldest;
///   an event is dropped only after `maxAttempts` failed uploads or `maxAge` (measured
///   on the monotonic clock for the events this process tracked, so a device clock set
///   back or forward expires none), and the host hears of every drop through
///   ``setDropHandler(_:)``.
/// - A claimed batch is always settled: when anything fails between claiming it and
///   acknowledging it (the queue throws, the flush is cancelled), what is still claimed
///   is released, and the next flush sends it again; when even the release fails, the
///   next flush releases it first.
/// - With a privacy center whose `analytics` feature is off, ``track(_:parameters:)``
///   records nothing (the event is counted in ``AnalyticsStatistics/droppedByPrivacy``,
///   never an error), nothing is uploaded, and turning the feature off deletes what is
///   queued (``AnalyticsStatistics/deletedByPrivacy``).
/// - With a metrics recorder, events tracked, uploaded and dropped are counted, and the
///   queue's depth is recorded after each flush (`Docs/Metrics.md`); without one,
///   nothing is built or read for them.
public actor AnalyticsPipeline: AnalyticsTracker {
  /// Finds the uploader when a flush needs it (the network may start after the
  /// pipeline, or be absent: events then wait in the queue).
  public typealias UploaderProvider = @Sendable () -> (any AnalyticsUploader)?

  let queue: any EventQueue
  private let uploader: UploaderProvider
  let clock: any LoyaltyClock
  let configuration: AnalyticsConfiguration
  let logger: LoyaltyLogger
  /// Where the pipeline's metrics go; `nil` when no recorder is installed.
  let metrics: (any MetricsRecorder)?
  /// Whether the user allows analytics; `nil` allows it always.
  let privacy: PrivacyCenter?
  /// Events `track` dropped because analytics was off; counted without the actor.
  let privacyDrops = Locked(0)
  let identifiers = EventIdentifier()
  /// When this process tracked each queued event, for its age.
  let ages: EventAges
  /// Where `track` leaves its events until a commit appends them to the queue.
  let intake = AnalyticsIntake()
  private(set) var plugins: [any AnalyticsPlugin] = []
  var statistics = AnalyticsStatistics()
  var flushTask: Task<Void, Never>?
  private var timerTask: Task<Void, Never>?
  private var consecutiveFailures = 0
  /// When the next upload may be tried after a failure: as the device clock read it then
  /// (for ``backoffUntil``), and on the monotonic clock, which the wait is measured on (a
  /// clock set back a day must not hold the uploads a day).
  private var nextAttempt: (date: Date, monotonic: TimeInterval)?
  /// Whether a `Retry-After` beyond the bound has been logged as a warning already.
  private var retryAfterCutLogged = false
  private(set) var stopped = false
  /// Who waits for the flush in flight to make its first claim (see `flushForCount()`).
  private var claimWaiters: [CheckedContinuation<Void, Never>] = []
  private var dropHandler: (@Sendable (AnalyticsDrop) -> Void)?
  /// Ids this pipeline claimed and has neither acknowledged nor released yet.
  var unsettled: Set<String> = []

  /// Batch overhead: `{"events":[` and `]}`.
  static let batchOverhead = 13

  /// Creates a pipeline.
  /// - Parameters:
  ///   - queue: The offline queue events wait in.
  ///   - uploader: Finds the uploader when a flush needs it.
  ///   - clock: The clock for timestamps, the flush timer and backoffs.
  ///   - configuration: Batching, flushing, capacity and retries.
  ///   - logger: The pipeline's logger.
  ///   - metrics: Where the pipeline's metrics go; `nil` records none.
  ///   - privacy: Whether the user allows analytics; `nil` allows it always.
  public init(
    queue: any EventQueue,
    uploader: @escaping UploaderProvider,
    clock: any LoyaltyClock,
    configuration: AnalyticsConfiguration = AnalyticsConfiguration(),
    logger: LoyaltyLogger = .disabled,
    metrics: (any MetricsRecorder)? = nil,
    privacy: PrivacyCenter? = nil
  ) {
    self.queue = queue
    self.uploader = uploader
    self.clock = clock
    self.configuration = configuration
    self.logger = logger
    self.metrics = metrics
    self.privacy = privacy
    self.ages = EventAges(limit: 2 * configuration.queueCapacity)
  }

  // MARK: Plugins

  /// Adds a plugin; a plugin with the same name is replaced.
  public func add(_ plugin: any AnalyticsPlugin) {
    plugins.removeAll { $0.name == plugin.name }
    plugins.append(plugin)
    plugins = plugins.stablySorted { $0.stage < $1.stage }
    intake.setHasPlugins(true)
  }

  /// The plugin named `name`.
  public func plugin(named name: String) -> (any AnalyticsPlugin)? {
    plugins.first { $0.name == name }
  }

  /// Removes the plugin named `name`.
  public func removePlugin(named name: String) {
    plugins.removeAll { $0.name == name }
    intake.setHasPlugins(!plugins.isEmpty)
  }

  /// The plugins' names, in the order they run.
  public var pluginNames: [String] { plugins.map(\.name) }

  /// Sets what is told about events the pipeline gives up on.
  public func setDropHandler(_ handler: (@Sendable (AnalyticsDrop) -> Void)?) {
    dropHandler = handler
  }

  // MARK: Flushing

  /// Uploads what is queued, joining the flush in flight if there is one, and returns
  /// when it is done. During a backoff it uploads nothing.
  public func flush() async {
    if flushTask == nil {
      startFlush()
    }
    await flushTask?.value
  }

  /// Starts the flush timer.
  public func start() {
    guard timerTask == nil, configuration.flushInterval > 0, !stopped else { return }
    let interval = configuration.flushInterval
    let clock = clock
    timerTask = Task { [weak self] in
      while !Task.isCancelled {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        await self?.startFlushIfIdle()
      }
    }
  }

  /// Stops the timer, flushes once more, and refuses further events.
  public func stop() async {
    timerTask?.cancel()
    timerTask = nil
    await flush()
    stopped = true
    intake.stop()
  }

  /// What the pipeline has done so far.
  public func currentStatistics() async -> AnalyticsStatistics {
    var current = statistics
    current.tracked = intake.tracked
    current.droppedByPrivacy = privacyDrops.withLock { $0 }
    current.pending = (try? await queue.count()) ?? 0
    current.droppedByCapacity = (try? await queue.droppedCount()) ?? 0
    current.quarantined = (try? await queue.quarantinedCount()) ?? 0
    if let metrics { Self.recordDepth(current.pending, in: metrics) }
    return current
  }

  /// When the next upload may be tried after a failure, if the pipeline is backing off: on
  /// the device clock as it read at the failure. The wait itself is measured on the
  /// monotonic clock, so setting the device clock back or ahead neither holds nor ends it.
  public var backoffUntil: Date? { nextAttempt?.date }

  private func startFlushIfIdle() {
    if flushTask == nil {
      startFlush()
    }
  }

  private func startFlush() {
    guard flushTask == nil else { return }
    intake.resetCount()
    flushTask = Task {
      await self.drain()
      await self.recordDepthAfterFlush()
    }
  }

  /// The events since the last flush reached `flushAt`: starts a flush unless one is in
  /// flight, and returns once it made its first claim (or ended without one), so the
  /// events tracked after these are not committed before that claim: the flush takes
  /// exactly the events that triggered it (and any left from before).
  func flushForCount() async {
    guard flushTask == nil else { return }
    startFlush()
    await withCheckedContinuation { claimWaiters.append($0) }
  }

  private func resumeClaimWaiters() {
    guard !claimWaiters.isEmpty else { return }
    let waiters = claimWaiters
    claimWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Records the queue's depth once a flush has ended: one count of the queue per
  /// flush, only when a recorder is installed.
  private func recordDepthAfterFlush() async {
    guard let metrics, let depth = try? await queue.count() else { return }
    Self.recordDepth(depth, in: metrics)
  }

  private func drain() async {
    defer {
      flushTask = nil
      resumeClaimWaiters()
    }
    if let nextAttempt, clock.monotonicTime < nextAttempt.monotonic {
      return
    }
    guard await analyticsAllowed() else { return }
    guard let uploader = uploader() else {
      logger.debug("No analytics uploader is registered; events stay queued.")
      return
    }
    do {
      if !unsettled.isEmpty {
        // A failed flush could not release these; they go out again now.
        try await release(Array(unsettled))
      }
      while true {
        try Task.checkCancellation()
        let batch = try await queue.claim(
          maxCount: configuration.maxBatchCount,
          maxBytes: configuration.maxBatchBytes - Self.batchOverhead)
        unsettled.formUnion(batch.map(\.id))
        resumeClaimWaiters()
        guard !batch.isEmpty else { return }
        let now = clock.now
        let monotonicTime = clock.monotonicTime
        let expired = batch.filter {
          $0.attempts >= configuration.maxAttempts
            || ages.age(of: $0.id, timestamp: $0.timestamp, now: now, monotonicTime: monotonicTime)
              > configuration.maxAge
        }
        if !expired.isEmpty {
          try await acknowledge(expired.map(\.id))
          statistics.expired += expired.count
          report(AnalyticsDrop(ids: expired.map(\.id), reason: .expired))
        }
        let live = batch.filter { event in !expired.contains { $0.id == event.id } }
        guard !live.isEmpty else { continue }
        // The user may have turned analytics off while the batch was claimed.
        guard await analyticsAllowed() else {
          try await release(live.map(\.id))
          return
        }
        guard try await send(live, with: uploader) else { return }
      }
    } catch {
      logger.error("The analytics flush stopped: \(error)")
      await releaseUnsettled()
    }
  }

  /// Deletes `ids` from the queue; they are settled.
  private func acknowledge(_ ids: [String]) async throws {
    try await queue.acknowledge(ids)
    unsettled.subtract(ids)
    ages.forget(ids)
  }

  /// Returns `ids` to the queue; they are settled.
  private func release(_ ids: [String]) async throws {
    try await queue.release(ids)
    unsettled.subtract(ids)
  }

  /// Releases every claimed event a failed flush left behind, even when the flush was
  /// cancelled; what cannot be released now is released by the next flush.
  private func releaseUnsettled() async {
    guard !unsettled.isEmpty else { return }
    let ids = Array(unsettled)
    let queue = queue
    // An unstructured task does not inherit the flush's cancellation.
    let released = await Task { () -> (any Error)? in
      do {
        try await queue.release(ids)
        return nil
      } catch {
        return error
      }
    }.value
    if let released {
      logger.error("\(ids.count) claimed analytics events could not be released: \(released)")
    } else {
      unsettled.subtract(ids)
    }
  }

  /// Uploads `batch`. Returns `false` when the pipeline must back off.
  private func send(_ batch: [QueuedEvent], with uploader: any AnalyticsUploader) async throws
    -> Bool
  {
    statistics.uploads += 1
    // A batch on its way is not interrupted: cancelling the flush (analytics turned off,
    // shutdown) waits for its answer, within the request's deadline, so that nothing
    // arrives at the server after the switch that turned analytics off returned.
    let outcome = await Task { await uploader.upload(batch) }.value
    switch outcome {
    case .accepted(let duplicates):
      try await acknowledge(batch.map(\.id))
      statistics.uploaded += batch.count
      if let metrics { Self.countUploaded(batch.count, in: metrics) }
      // The server's count is untrusted: at most the batch, never negative.
      statistics.duplicates += min(max(0, duplicates), batch.count)
      consecutiveFailures = 0
      nextAttempt = nil
      return true
    case .rejected(let ids, let message):
      let rejected = Set(ids).intersection(batch.map(\.id))
      guard !rejected.isEmpty else {
        return try await backOff(batch, after: nil)
      }
      try await acknowledge(Array(rejected))
      statistics.rejected += rejected.count
      logger.warning("The server rejected \(rejected.count) analytics events.")
      report(
        AnalyticsDrop(
          ids: batch.map(\.id).filter(rejected.contains), reason: .rejected(message: message)))
      let rest = batch.filter { !rejected.contains($0.id) }
      return rest.isEmpty ? true : try await send(rest, with: uploader)
    case .tooLarge:
      guard batch.count > 1 else {
        try await acknowledge(batch.map(\.id))
        statistics.tooLarge += 1
        report(AnalyticsDrop(ids: batch.map(\.id), reason: .tooLarge))
        return true
      }
      let half = batch.count / 2
      guard try await send(Array(batch[..<half]), with: uploader) else {
        try await release(batch[half...].map(\.id))
        return false
      }
      return try await send(Array(batch[half...]), with: uploader)
    case .retryLater(let after):
      return try await backOff(batch, after: after)
    }
  }

  private func backOff(_ batch: [QueuedEvent], after: Double?) async throws -> Bool {
    try await release(batch.map(\.id))
    statistics.failedUploads += 1
    consecutiveFailures += 1
    let delay: TimeInterval
    if let after {
      delay = configuration.pause(forRetryAfter: after, failures: consecutiveFailures)
      if after > delay {
        logger.log(
          retryAfterCutLogged ? .debug : .warning,
          "The analytics server asked to wait \(after) s; waiting \(delay) s "
            + "(analytics maxRetryAfter).")
        retryAfterCutLogged = true
      }
    } else {
      delay = configuration.backoff(afterFailures: consecutiveFailures)
    }
    nextAttempt = (clock.now.addingTimeInterval(delay), clock.monotonicTime + delay)
    logger.info(
      "Analytics upload failed; trying again in " + String(cFormat: "%.1f", delay) + " s.")
    return false
  }

  private func report(_ drop: AnalyticsDrop) {
    if let metrics { Self.countDropped(drop, in: metrics) }
    dropHandler?(drop)
  }
}
