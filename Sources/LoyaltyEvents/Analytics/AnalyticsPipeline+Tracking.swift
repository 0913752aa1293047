import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tracking: `track` makes its event under the intake's lock and waits for the commit
/// that takes it; commits append what waits, in batches, one after another, in the order
/// the ids were made. Without plugins no `track` hops to the pipeline's actor; with
/// plugins, `track` runs them on the actor and then waits in the same intake.
extension AnalyticsPipeline {
  /// Records an event, and returns once it is in the queue (with LoyaltyStore's queue,
  /// committed: it survives a crash).
  /// - Returns: The event's id (also when a plugin dropped it, or when the user has
  ///   analytics off and nothing was recorded).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidEvent`` for an empty or overlong
  ///   name, ``LoyaltyCore/LoyaltyError/Code/eventTooLarge`` for an event larger than a
  ///   batch, ``LoyaltyCore/LoyaltyError/Code/pipelineStopped`` after ``stop()``, or the
  ///   queue's error when it could not be persisted.
  @discardableResult
  nonisolated public func track(_ name: String, parameters: [String: String] = [:])
    async throws -> String
  {
    if let privacy, await !privacy.isEnabled(.analytics) {
      return droppedForPrivacy()
    }
    let valid = Self.isValidName(name)
    let admission = intake.admit(
      valid: valid,
      makeEvent: {
        let now = clock.now
        let id = identifiers.next(at: now)
        ages.record(id, at: clock.monotonicTime)
        return AnalyticsEvent(id: id, name: name, timestamp: now, parameters: parameters)
      },
      startCommit: startCommit(after:))
    switch admission {
    case .admitted(let ticket): return try await ticket.outcome()
    case .stopped: throw Self.stoppedError()
    case .invalidName: throw Self.invalidNameError(name)
    case .throughPlugins: return try await trackThroughPlugins(name, parameters: parameters)
    }
  }

  /// `track` with plugins installed: the `before` and `enrichment` plugins run on the
  /// actor, the event waits in the intake with the others, then the `destination` and
  /// `after` plugins see it.
  private func trackThroughPlugins(_ name: String, parameters: [String: String]) async throws
    -> String
  {
    guard !stopped else { throw Self.stoppedError() }
    guard Self.isValidName(name) else { throw Self.invalidNameError(name) }
    let now = clock.now
    let id = identifiers.next(at: now)
    ages.record(id, at: clock.monotonicTime)
    var event = AnalyticsEvent(id: id, name: name, timestamp: now, parameters: parameters)
    for plugin in plugins where plugin.stage <= .enrichment {
      guard let changed = await plugin.process(event) else {
        statistics.droppedByPlugins += 1
        if let metrics { Self.countDropped(1, reason: Self.pluginDrop, in: metrics) }
        return event.id
      }
      event = changed
    }
    _ = try await intake.enqueue(event, startCommit: startCommit(after:)).outcome()
    for plugin in plugins where plugin.stage >= .destination {
      _ = await plugin.process(event)
    }
    return event.id
  }

  /// Starts the commit of what waits in the intake, once `previous` has ended.
  private nonisolated func startCommit(after previous: AnalyticsIntake.Commit?)
    -> AnalyticsIntake.Commit
  {
    Task {
      _ = await previous?.value
      return await self.commitWaiting()
    }
  }

  /// Appends every waiting event, no more at once than the `flushAt` trigger has room
  /// for.
  /// - Returns: Each event's outcome, in the order the events waited.
  private nonisolated func commitWaiting() async -> [AnalyticsIntake.Outcome] {
    let flushAt = configuration.flushAt
    let events = intake.takeWaiting()
    if let privacy, await !privacy.isEnabled(.analytics) {
      // Turned off while these waited: they are not written.
      for _ in events { _ = droppedForPrivacy() }
      return events.map { .success($0.id) }
    }
    var outcomes: [AnalyticsIntake.Outcome] = []
    outcomes.reserveCapacity(events.count)
    while outcomes.count < events.count {
      let count = intake.chunk(of: events.count - outcomes.count, flushAt: flushAt)
      let chunk = events[outcomes.count..<(outcomes.count + count)]
      outcomes += await commit(chunk, flushAt: flushAt)
    }
    return outcomes
  }

  /// Encodes each event once, refuses those larger than a batch, appends the rest to the
  /// queue in one call (trimming to capacity), counts them, and starts a flush when they
  /// reach `flushAt`.
  /// - Returns: Each event's outcome, in order.
  private nonisolated func commit(_ chunk: ArraySlice<AnalyticsEvent>, flushAt: Int) async
    -> [AnalyticsIntake.Outcome]
  {
    var outcomes: [AnalyticsIntake.Outcome] = []
    var events: [QueuedEvent] = []
    var positions: [Int] = []
    outcomes.reserveCapacity(chunk.count)
    events.reserveCapacity(chunk.count)
    positions.reserveCapacity(chunk.count)
    for event in chunk {
      let payload = event.payload()
      guard payload.count + Self.batchOverhead <= configuration.maxBatchBytes else {
        outcomes.append(
          .failure(
            Self.tooLargeError(event, size: payload.count, limit: configuration.maxBatchBytes)
          ))
        continue
      }
      positions.append(outcomes.count)
      outcomes.append(.success(event.id))
      events.append(
        QueuedEvent(
          id: event.id, name: event.name, timestamp: event.timestamp, payload: payload))
    }
    let (failures, dropped) = await append(events)
    for (index, failure) in failures {
      outcomes[positions[index]] = .failure(failure)
    }
    let committed = events.count - failures.count
    let reachesFlush = intake.committed(committed, flushAt: flushAt)
    if let metrics {
      for _ in 0..<committed {
        Self.countTracked(dropped: 0, capacity: configuration.queueCapacity, in: metrics)
      }
      if dropped > 0 {
        Self.countDropped(dropped, reason: Self.capacityDrop, in: metrics)
        Self.recordDepth(configuration.queueCapacity, in: metrics)
      }
    }
    if dropped > 0 {
      logger.warning("The analytics queue is full; dropped the \(dropped) oldest events.")
    }
    if reachesFlush {
      await flushForCount()
    }
    return outcomes
  }

  /// Appends `events` in one call; when that fails, each alone, so one event the queue
  /// refuses fails alone.
  /// - Returns: The error of each event that failed, by index, and how many the queue
  ///   dropped to stay within capacity.
  private nonisolated func append(_ events: [QueuedEvent]) async -> (
    failures: [Int: any Error], dropped: Int
  ) {
    guard !events.isEmpty else { return ([:], 0) }
    let capacity = configuration.queueCapacity
    do {
      return ([:], try await queue.append(events, trimmingToCapacity: capacity))
    } catch {
      guard events.count > 1 else { return ([0: error], 0) }
    }
    var failures: [Int: any Error] = [:]
    var dropped = 0
    for (index, event) in events.enumerated() {
      do {
        dropped += try await queue.append([event], trimmingToCapacity: capacity)
      } catch {
        failures[index] = error
      }
    }
    return (failures, dropped)
  }

  static func stoppedError() -> LoyaltyError {
    LoyaltyError(.pipelineStopped, "The analytics pipeline is stopped.")
  }

  /// Whether `name` may name an event: 1 to 256 bytes of UTF-8.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 256
  }

  static func invalidNameError(_ name: String) -> LoyaltyError {
    LoyaltyError(
      .invalidEvent, "An analytics event name must have 1 to 256 bytes.",
      metadata: ["length": String(name.utf8.count)])
  }

  static func tooLargeError(_ event: AnalyticsEvent, size: Int, limit: Int) -> LoyaltyError {
    LoyaltyError(
      .eventTooLarge,
      "The event \(event.name) is \(size) bytes; a batch holds at most \(limit).",
      metadata: ["event": event.name])
  }
}
