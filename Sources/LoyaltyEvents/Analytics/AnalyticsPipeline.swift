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
/// - Flushes happen every `flushAt` events, every `flushInterval` seconds, on
///   ``flush()`` and at shutdown; there is never more than one upload in flight, and a
///   queued event is in at most one batch at a time.
/// - Batches hold at most `maxBatchCount` events and `maxBatchBytes` of JSON; an event
///   larger than a batch may be is refused when tracked.
/// - On a network error, a 429 or a 5xx nothing is deleted and the pipeline backs off
///   (`Retry-After` honoured); a 413 splits the batch; a 400 drops only the events the
///   server rejected and reports them.
/// - The queue holds at most `queueCapacity` events, dropping (and counting) the oldest;
///   an event is dropped only after `maxAttempts` failed uploads or `maxAge`, and the
///   host hears of every drop through ``setDropHandler(_:)``.
/// - A claimed batch is always settled: when anything fails between claiming it and
///   acknowledging it (the queue throws, the flush is cancelled), what is still claimed
///   is released, and the next flush sends it again; when even the release fails, the
///   next flush releases it first.
/// - With a metrics recorder, events tracked, uploaded and dropped are counted, and the
///   queue's depth is recorded after each flush (`Docs/Metrics.md`); without one,
///   nothing is built or read for them.
public actor AnalyticsPipeline: AnalyticsTracker {
  /// Finds the uploader when a flush needs it (the network may start after the
  /// pipeline, or be absent: events then wait in the queue).
  public typealias UploaderProvider = @Sendable () -> (any AnalyticsUploader)?

  private let queue: any EventQueue
  private let uploader: UploaderProvider
  private let clock: any LoyaltyClock
  private let configuration: AnalyticsConfiguration
  private let logger: LoyaltyLogger
  /// Where the pipeline's metrics go; `nil` when no recorder is installed.
  private let metrics: (any MetricsRecorder)?
  private let identifiers = EventIdentifier()
  private var plugins: [any AnalyticsPlugin] = []
  private var statistics = AnalyticsStatistics()
  private var sinceFlush = 0
  private var flushTask: Task<Void, Never>?
  private var timerTask: Task<Void, Never>?
  private var consecutiveFailures = 0
  private var nextAttempt: Date?
  /// Whether a `Retry-After` beyond the bound has been logged as a warning already.
  private var retryAfterCutLogged = false
  private var stopped = false
  private var dropHandler: (@Sendable (AnalyticsDrop) -> Void)?
  /// Ids this pipeline claimed and has neither acknowledged nor released yet.
  private var unsettled: Set<String> = []

  /// Batch overhead: `{"events":[` and `]}`.
  private static let batchOverhead = 13

  /// Creates a pipeline.
  /// - Parameters:
  ///   - queue: The offline queue events wait in.
  ///   - uploader: Finds the uploader when a flush needs it.
  ///   - clock: The clock for timestamps, the flush timer and backoffs.
  ///   - configuration: Batching, flushing, capacity and retries.
  ///   - logger: The pipeline's logger.
  ///   - metrics: Where the pipeline's metrics go; `nil` records none.
  public init(
    queue: any EventQueue,
    uploader: @escaping UploaderProvider,
    clock: any LoyaltyClock,
    configuration: AnalyticsConfiguration = AnalyticsConfiguration(),
    logger: LoyaltyLogger = .disabled,
    metrics: (any MetricsRecorder)? = nil
  ) {
    self.queue = queue
    self.uploader = uploader
    self.clock = clock
    self.configuration = configuration
    self.logger = logger
    self.metrics = metrics
  }

  // MARK: Tracking

  /// Records an event.
  /// - Returns: The event's id (also when a plugin dropped it).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidEvent`` for an empty or overlong
  ///   name, ``LoyaltyCore/LoyaltyError/Code/eventTooLarge`` for an event larger than a
  ///   batch, ``LoyaltyCore/LoyaltyError/Code/pipelineStopped`` after ``stop()``, or the
  ///   queue's error when it could not be persisted.
  @discardableResult
  public func track(_ name: String, parameters: [String: String] = [:]) async throws -> String {
    guard !stopped else {
      throw LoyaltyError(.pipelineStopped, "The analytics pipeline is stopped.")
    }
    guard !name.isEmpty, name.utf8.count <= 256 else {
      throw LoyaltyError(
        .invalidEvent, "An analytics event name must have 1 to 256 bytes.",
        metadata: ["length": String(name.utf8.count)])
    }
    let now = clock.now
    var event = AnalyticsEvent(
      id: identifiers.next(at: now), name: name, timestamp: now, parameters: parameters)
    for plugin in plugins where plugin.stage <= .enrichment {
      guard let changed = await plugin.process(event) else {
        statistics.droppedByPlugins += 1
        if let metrics { Self.countDropped(1, reason: Self.pluginDrop, in: metrics) }
        return event.id
      }
      event = changed
    }
    let payload = event.payload()
    guard payload.count + Self.batchOverhead <= configuration.maxBatchBytes else {
      throw LoyaltyError(
        .eventTooLarge,
        "The event \(event.name) is \(payload.count) bytes; a batch holds at most "
          + "\(configuration.maxBatchBytes).",
        metadata: ["event": event.name])
    }
    // One trip to the queue: appended and trimmed together (one transaction in
    // LoyaltyStore's queue).
    let dropped = try await queue.append(
      [QueuedEvent(id: event.id, name: event.name, timestamp: now, payload: payload)],
      trimmingToCapacity: configuration.queueCapacity)
    statistics.tracked += 1
    if let metrics {
      Self.countTracked(dropped: dropped, capacity: configuration.queueCapacity, in: metrics)
    }
    if dropped > 0 {
      logger.warning("The analytics queue is full; dropped the \(dropped) oldest events.")
    }
    for plugin in plugins where plugin.stage >= .destination {
      _ = await plugin.process(event)
    }
    sinceFlush += 1
    if sinceFlush >= configuration.flushAt {
      startFlush()
    }
    return event.id
  }

  // MARK: Plugins

  /// Adds a plugin; a plugin with the same name is replaced.
  public func add(_ plugin: any AnalyticsPlugin) {
    plugins.removeAll { $0.name == plugin.name }
    plugins.append(plugin)
    plugins.sort { $0.stage < $1.stage }
  }

  /// The plugin named `name`.
  public func plugin(named name: String) -> (any AnalyticsPlugin)? {
    plugins.first { $0.name == name }
  }

  /// Removes the plugin named `name`.
  public func removePlugin(named name: String) {
    plugins.removeAll { $0.name == name }
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
  }

  /// What the pipeline has done so far.
  public func currentStatistics() async -> AnalyticsStatistics {
    var current = statistics
    current.pending = (try? await queue.count()) ?? 0
    current.droppedByCapacity = (try? await queue.droppedCount()) ?? 0
    current.quarantined = (try? await queue.quarantinedCount()) ?? 0
    if let metrics { Self.recordDepth(current.pending, in: metrics) }
    return current
  }

  /// When the next upload may be tried after a failure, if the pipeline is backing off.
  public var backoffUntil: Date? { nextAttempt }

  private func startFlushIfIdle() {
    if flushTask == nil {
      startFlush()
    }
  }

  private func startFlush() {
    guard flushTask == nil else { return }
    sinceFlush = 0
    flushTask = Task {
      await self.drain()
      await self.recordDepthAfterFlush()
    }
  }

  /// Records the queue's depth once a flush has ended: one count of the queue per
  /// flush, only when a recorder is installed.
  private func recordDepthAfterFlush() async {
    guard let metrics, let depth = try? await queue.count() else { return }
    Self.recordDepth(depth, in: metrics)
  }

  private func drain() async {
    defer { flushTask = nil }
    if let nextAttempt, clock.now < nextAttempt {
      return
    }
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
        guard !batch.isEmpty else { return }
        let now = clock.now
        let expired = batch.filter {
          $0.attempts >= configuration.maxAttempts
            || now.timeIntervalSince($0.timestamp) > configuration.maxAge
        }
        if !expired.isEmpty {
          try await acknowledge(expired.map(\.id))
          statistics.expired += expired.count
          report(AnalyticsDrop(ids: expired.map(\.id), reason: .expired))
        }
        let live = batch.filter { event in !expired.contains { $0.id == event.id } }
        guard !live.isEmpty else { continue }
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
    switch await uploader.upload(batch) {
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
    nextAttempt = clock.now.addingTimeInterval(delay)
    logger.info(
      "Analytics upload failed; trying again in " + String(cFormat: "%.1f", delay) + " s.")
    return false
  }

  private func report(_ drop: AnalyticsDrop) {
    if let metrics { Self.countDropped(drop, in: metrics) }
    dropHandler?(drop)
  }
}
