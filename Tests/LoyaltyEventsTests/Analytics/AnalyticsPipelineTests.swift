import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyTestSupport
import Testing

@Suite("Analytics pipeline")
struct AnalyticsPipelineTests {
  static func pipeline(
    _ uploader: RecordingUploader?,
    queue: any EventQueue = InMemoryEventQueue(),
    clock: any LoyaltyClock = ManualClock(),
    _ configuration: AnalyticsConfiguration = AnalyticsConfiguration(flushInterval: 0)
  ) -> AnalyticsPipeline {
    AnalyticsPipeline(
      queue: queue, uploader: { uploader }, clock: clock, configuration: configuration)
  }

  @Test("track persists the event before returning, with a unique time-ordered id")
  func trackPersists() async throws {
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(nil, queue: queue)
    let first = try await pipeline.track("custom_success_campaigns_loyalty")
    #expect(await queue.count() == 1)
    let second = try await pipeline.track("custom_success_campaigns_loyalty")
    #expect(first.count == 26 && second.count == 26)
    #expect(first < second)
    let batch = await queue.claim(maxCount: 10, maxBytes: 10_000)
    let payload = try JSONValue(parsing: try #require(batch.first).payload)
    #expect(payload["event_id"] == .string(first))
    #expect(payload["name"] == "custom_success_campaigns_loyalty")
    #expect(payload["timestamp"]?.stringValue?.hasSuffix("Z") == true)
  }

  @Test("ids stay unique and ordered when made in the same millisecond")
  func identifiers() async throws {
    let pipeline = Self.pipeline(nil, clock: ManualClock())  // the clock never moves
    var ids: [String] = []
    for _ in 0..<2_000 {
      ids.append(try await pipeline.track("e"))
    }
    #expect(Set(ids).count == ids.count)
    #expect(ids == ids.sorted())
  }

  @Test("every 20 events start a flush; flush() uploads the rest")
  func flushTriggers() async throws {
    let uploader = RecordingUploader()
    let pipeline = Self.pipeline(uploader)
    for index in 0..<25 {
      try await pipeline.track("e", parameters: ["i": String(index)])
    }
    await pipeline.flush()
    #expect(uploader.received.count == 25)
    #expect(uploader.batches.first?.count == 20)
    #expect(await pipeline.currentStatistics().pending == 0)
  }

  @Test("the timer flushes every interval")
  func timerFlush() async throws {
    let clock = ManualClock()
    let uploader = RecordingUploader()
    let pipeline = Self.pipeline(
      uploader, clock: clock, AnalyticsConfiguration(flushAt: 1_000, flushInterval: 30))
    await pipeline.start()
    try await pipeline.track("e")
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 30)
    // Waits for the timer's flush however loaded the machine is; it bounds a hang only.
    let deadline = ContinuousClock.now + .seconds(TestTime.slack(120))
    while uploader.received.isEmpty && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(uploader.received.count == 1)
    await pipeline.stop()
  }

  @Test("3. count, timer and manual triggers together: one upload in flight, no event twice")
  func oneUploadInFlight() async throws {
    let clock = ManualClock()
    let uploader = RecordingUploader(latency: .milliseconds(2))
    let pipeline = Self.pipeline(
      uploader, clock: clock, AnalyticsConfiguration(flushAt: 5, flushInterval: 1))
    await pipeline.start()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for index in 0..<100 {
            try await pipeline.track("e", parameters: ["w": "\(worker)-\(index)"])
            if index % 10 == 0 { await pipeline.flush() }
          }
        }
      }
      group.addTask {
        for _ in 0..<50 {
          clock.advance(by: 1)
          try await Task.sleep(for: .milliseconds(1))
        }
      }
      try await group.waitForAll()
    }
    await pipeline.flush()
    #expect(uploader.maximumInFlight == 1)
    let all = uploader.batches.flatMap { $0 }
    #expect(all.count == 400, "no event in two batches")
    #expect(Set(all).count == 400)
    await pipeline.stop()
  }

  @Test("4. batches stay within count and byte limits; an oversized event is refused")
  func batchLimits() async throws {
    let uploader = RecordingUploader()
    let pipeline = Self.pipeline(
      uploader, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0, maxBatchBytes: 4_096))
    for _ in 0..<300 {
      try await pipeline.track("e", parameters: ["blob": String(repeating: "x", count: 100)])
    }
    await pipeline.flush()
    #expect(uploader.received.count == 300)
    #expect(uploader.batches.allSatisfy { $0.count <= 100 })
    #expect(uploader.maximumBytes <= 4_096)

    let error = try await #require(throws: LoyaltyError.self) {
      try await pipeline.track("big", parameters: ["blob": String(repeating: "y", count: 5_000)])
    }
    #expect(error.code == .eventTooLarge)
    #expect(await pipeline.currentStatistics().pending == 0)
  }

  @Test(
    "5. a network error, a 429 or a 5xx deletes nothing and backs off",
    arguments: [AnalyticsUploadOutcome.retryLater(after: nil), .retryLater(after: 42)])
  func failuresKeepEverything(_ outcome: AnalyticsUploadOutcome) async throws {
    let clock = ManualClock()
    let failing = Locked(true)
    let uploader = RecordingUploader { _ in
      failing.withLock { $0 } ? outcome : .accepted(duplicates: 0)
    }
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(uploader, queue: queue, clock: clock)
    for _ in 0..<30 {
      try await pipeline.track("e")
    }
    await pipeline.flush()
    #expect(await queue.count() == 30)
    let until = try #require(await pipeline.backoffUntil)
    if case .retryLater(let after?) = outcome {
      #expect(until == clock.now.addingTimeInterval(after), "Retry-After is honoured")
    } else {
      #expect((0.45...0.55).contains(until.timeIntervalSince(clock.now)))
    }
    let uploadsBefore = uploader.batches.count
    await pipeline.flush()
    #expect(uploader.batches.count == uploadsBefore, "no upload during the backoff")

    failing.withLock { $0 = false }
    clock.advance(by: 60)
    await pipeline.flush()
    #expect(await queue.count() == 0)
    #expect(uploader.received.count == 30)
  }

  @Test("5. a 413 splits the batch until it fits")
  func tooLargeSplits() async throws {
    let uploader = RecordingUploader { batch in
      batch.count > 10 ? .tooLarge : .accepted(duplicates: 0)
    }
    let pipeline = Self.pipeline(uploader)
    for _ in 0..<60 {
      try await pipeline.track("e")
    }
    await pipeline.flush()
    #expect(uploader.received.count == 60)
    #expect(uploader.batches.filter { $0.count > 10 }.count >= 1)
  }

  @Test("5. a 400 drops only the rejected events and reports them")
  func rejectedEvents() async throws {
    let badIDs = Locked<Set<String>>([])
    let uploader = RecordingUploader { batch in
      let bad = badIDs.withLock { bad in batch.map(\.id).filter(bad.contains) }
      return bad.isEmpty ? .accepted(duplicates: 0) : .rejected(ids: bad, message: "invalid name")
    }
    let pipeline = Self.pipeline(uploader)
    let drops = Locked<[AnalyticsDrop]>([])
    await pipeline.setDropHandler { drop in drops.withLock { $0.append(drop) } }
    var ids: [String] = []
    for _ in 0..<10 {
      ids.append(try await pipeline.track("e"))
    }
    badIDs.withLock { $0 = [ids[2], ids[7]] }
    await pipeline.flush()
    #expect(uploader.received == Set(ids).subtracting([ids[2], ids[7]]))
    #expect(
      drops.withLock { $0 } == [
        AnalyticsDrop(ids: [ids[2], ids[7]], reason: .rejected(message: "invalid name"))
      ])
    #expect(await pipeline.currentStatistics().rejected == 2)
  }

  @Test("6. the queue cap drops the oldest and counts them")
  func queueCap() async throws {
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(
      nil, queue: queue, AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0, queueCapacity: 50)
    )
    var ids: [String] = []
    for _ in 0..<80 {
      ids.append(try await pipeline.track("e"))
    }
    #expect(await queue.count() == 50)
    let statistics = await pipeline.currentStatistics()
    #expect(statistics.droppedByCapacity == 30)
    let oldest = await queue.claim(maxCount: 1, maxBytes: 10_000)
    #expect(oldest.first?.id == ids[30])
  }

  @Test("6. a batch is dropped only after bounded attempts, and reported")
  func boundedAttempts() async throws {
    let clock = ManualClock()
    let uploader = RecordingUploader { _ in .retryLater(after: 1) }
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(
      uploader, queue: queue, clock: clock,
      AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0, maxAttempts: 3))
    let drops = Locked<[AnalyticsDrop]>([])
    await pipeline.setDropHandler { drop in drops.withLock { $0.append(drop) } }
    for _ in 0..<5 {
      try await pipeline.track("e")
    }
    for _ in 0..<3 {
      await pipeline.flush()
      #expect(await queue.count() == 5, "kept while attempts remain")
      clock.advance(by: 2)
    }
    await pipeline.flush()
    #expect(await queue.count() == 0)
    #expect(drops.withLock { $0.map(\.reason) } == [.expired])
    #expect(drops.withLock { $0.first?.ids.count } == 5)
    #expect(uploader.batches.count == 3)
  }

  @Test("plugins run in stage order, can change or drop events, and are managed at run time")
  func plugins() async throws {
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(nil, queue: queue)
    let seen = Locked<[String]>([])
    await pipeline.add(
      TestPlugin(name: "after", stage: .after) { event in
        seen.withLock { $0.append("after:\(event.name)") }
        return event
      })
    await pipeline.add(
      TestPlugin(name: "enrich", stage: .enrichment) { event in
        var event = event
        event.parameters["app_version"] = "1.0"
        return event
      })
    await pipeline.add(
      TestPlugin(name: "filter", stage: .before) { event in
        event.name.hasPrefix("debug_") ? nil : event
      })
    await pipeline.add(
      TestPlugin(name: "forward", stage: .destination) { event in
        seen.withLock { $0.append("forward:\(event.name)") }
        return nil
      })
    #expect(await pipeline.pluginNames == ["filter", "enrich", "forward", "after"])
    try await pipeline.track("debug_noise")
    try await pipeline.track("NB_PushAck")
    #expect(seen.withLock { $0 } == ["forward:NB_PushAck", "after:NB_PushAck"])
    let queued = await queue.claim(maxCount: 10, maxBytes: 10_000)
    #expect(queued.map(\.name) == ["NB_PushAck"])
    let payload = try JSONValue(parsing: try #require(queued.first).payload)
    #expect(payload["parameters"]?["app_version"] == "1.0")
    #expect(await pipeline.plugin(named: "enrich")?.stage == .enrichment)
    await pipeline.removePlugin(named: "filter")
    try await pipeline.track("debug_kept")
    #expect(await queue.count() == 2)
    #expect(await pipeline.currentStatistics().droppedByPlugins == 1)
  }

  @Test("call analytics use the platform's naming")
  func callAnalytics() async throws {
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(nil, queue: queue)
    _ = try await pipeline.recordingCall("campaigns") { 1 }
    await #expect(throws: LoyaltyError.self) {
      _ = try await pipeline.recordingCall("redeem_coupon") { () async throws -> Int in
        throw LoyaltyError(.serverStatus, "no")
      }
    }
    let names = await queue.claim(maxCount: 10, maxBytes: 10_000).map(\.name)
    #expect(names == ["custom_success_campaigns_loyalty", "custom_error_redeem_coupon_loyalty"])
  }

  @Test("a stopped pipeline refuses events; without an uploader events wait")
  func stoppedAndNoUploader() async throws {
    let queue = InMemoryEventQueue()
    let pipeline = Self.pipeline(nil, queue: queue)
    try await pipeline.track("e")
    await pipeline.flush()
    #expect(await queue.count() == 1)
    await pipeline.stop()
    let error = try await #require(throws: LoyaltyError.self) { try await pipeline.track("e") }
    #expect(error.code == .pipelineStopped)
  }
}

struct TestPlugin: AnalyticsPlugin {
  let name: String
  let stage: AnalyticsPluginStage
  let body: @Sendable (AnalyticsEvent) -> AnalyticsEvent?

  func process(_ event: AnalyticsEvent) async -> AnalyticsEvent? { body(event) }
}
