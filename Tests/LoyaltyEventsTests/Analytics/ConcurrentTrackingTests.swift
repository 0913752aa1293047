import Foundation
import LoyaltyCore
import LoyaltyEvents
import Testing

/// Concurrent `track` calls share batches on their way to the queue: each still returns
/// only once its own event is queued, fails alone, and is counted towards `flushAt` in
/// the order its id was made.
@Suite("Analytics pipeline: concurrent tracking")
struct ConcurrentTrackingTests {
  /// An in-memory queue that records every append call, and refuses any append that holds
  /// an event named `refused`.
  actor RecordingQueue: EventQueue {
    private let base = InMemoryEventQueue()
    private(set) var appendCalls: [[String]] = []
    private(set) var appended: Set<String> = []

    func append(_ events: [QueuedEvent]) async throws {
      // A queue that stops for its caller's cancellation, as a database wrapper may.
      try Task.checkCancellation()
      appendCalls.append(events.map(\.id))
      guard !events.contains(where: { $0.name == "refused" }) else {
        throw LoyaltyError(.queryFailed, "Refused.")
      }
      await base.append(events)
      appended.formUnion(events.map(\.id))
    }

    func contains(_ id: String) -> Bool { appended.contains(id) }
    func claim(maxCount: Int, maxBytes: Int) async -> [QueuedEvent] {
      await base.claim(maxCount: maxCount, maxBytes: maxBytes)
    }
    func acknowledge(_ ids: [String]) async { await base.acknowledge(ids) }
    func release(_ ids: [String]) async { await base.release(ids) }
    func count() async -> Int { await base.count() }
    func trim(toCapacity capacity: Int) async -> Int { await base.trim(toCapacity: capacity) }
    func droppedCount() async -> Int { await base.droppedCount() }
    func quarantine(_ ids: [String], reason: String) async {
      await base.quarantine(ids, reason: reason)
    }
    func quarantinedCount() async -> Int { await base.quarantinedCount() }
  }

  static func pipeline(
    _ queue: any EventQueue, uploader: RecordingUploader? = nil,
    _ configuration: AnalyticsConfiguration
  ) -> AnalyticsPipeline {
    AnalyticsPipeline(
      queue: queue, uploader: { uploader }, clock: ManualClock(), configuration: configuration)
  }

  /// `count` concurrent tracks; each checks that its event is queued when it returns.
  static func track(
    _ count: Int, into pipeline: AnalyticsPipeline, queue: RecordingQueue,
    event: @escaping @Sendable (Int) -> (String, [String: String]) = { ("e", ["i": String($0)]) }
  ) async -> [Int: Result<String, any Error>] {
    await withTaskGroup(of: (Int, Result<String, any Error>).self) { group in
      for index in 0..<count {
        group.addTask {
          do {
            let (name, parameters) = event(index)
            let id = try await pipeline.track(name, parameters: parameters)
            #expect(await queue.contains(id), "queued before track returned")
            return (index, .success(id))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results: [Int: Result<String, any Error>] = [:]
      for await (index, result) in group { results[index] = result }
      return results
    }
  }

  @Test("concurrent tracks: each returns once its event is queued, in id order, in batches")
  func queuedBeforeReturn() async throws {
    let queue = RecordingQueue()
    let pipeline = Self.pipeline(queue, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0))
    let results = await Self.track(500, into: pipeline, queue: queue)
    let ids = try results.values.map { try $0.get() }
    #expect(Set(ids).count == 500)
    let queued = await queue.claim(maxCount: 1_000, maxBytes: 1_000_000).map(\.id)
    #expect(queued.count == 500)
    #expect(queued == queued.sorted(), "the queue holds them in the order their ids were made")
    #expect(await queue.appendCalls.count <= 500)
    #expect(await pipeline.currentStatistics().tracked == 500)
  }

  /// An enrichment plugin: tracks then go through the pipeline's actor.
  struct Enrich: AnalyticsPlugin {
    var name: String { "enrich" }
    var stage: AnalyticsPluginStage { .enrichment }
    func process(_ event: AnalyticsEvent) async -> AnalyticsEvent? {
      var event = event
      event.parameters["enriched"] = "1"
      return event
    }
  }

  @Test(
    "concurrent tracks: the flush they trigger sends exactly flushAt events, with plugins too",
    arguments: [9, 10, 11, 25], [false, true])
  func flushAtBoundary(tracks: Int, plugins: Bool) async throws {
    let flushAt = 10
    let queue = RecordingQueue()
    let uploader = RecordingUploader(latency: .milliseconds(1))
    let pipeline = Self.pipeline(
      queue, uploader: uploader, AnalyticsConfiguration(flushAt: flushAt, flushInterval: 0))
    if plugins { await pipeline.add(Enrich()) }
    let results = await Self.track(tracks, into: pipeline, queue: queue)
    #expect(results.values.allSatisfy { (try? $0.get()) != nil })
    if tracks < flushAt {
      #expect(uploader.batches.isEmpty, "no flush before flushAt events")
    }
    await pipeline.flush()
    if tracks >= flushAt {
      // The triggered flush made its first claim before any later event was queued (the
      // upload itself may still be on its way when the tracks return).
      let first = try #require(uploader.batches.first)
      #expect(first.count == flushAt)
    }
    let all = uploader.batches.flatMap { $0 }
    #expect(all.count == tracks)
    #expect(Set(all).count == tracks)
    #expect(await pipeline.currentStatistics().pending == 0)
  }

  @Test("while a flush is in flight, tracks past flushAt still share their appends")
  func batchesDuringUpload() async throws {
    let queue = RecordingQueue()
    let uploader = RecordingUploader(latency: .milliseconds(300))
    let pipeline = Self.pipeline(
      queue, uploader: uploader, AnalyticsConfiguration(flushAt: 5, flushInterval: 0))
    for index in 0..<5 {
      try await pipeline.track("e", parameters: ["i": String(index)])
    }
    let before = await queue.appendCalls.count
    let results = await Self.track(60, into: pipeline, queue: queue)
    #expect(results.values.allSatisfy { (try? $0.get()) != nil })
    #expect(await queue.appendCalls.count - before < 60, "not one append per event")
    await pipeline.flush()
    #expect(uploader.received.count == 65)
    #expect(uploader.batches.first?.count == 5)
  }

  @Test("when the queue refuses one event of a batch, only its track fails")
  func failsAlone() async throws {
    let queue = RecordingQueue()
    let pipeline = Self.pipeline(queue, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0))
    let results = await Self.track(
      60, into: pipeline, queue: queue, event: { ($0 == 30 ? "refused" : "e", [:]) })
    for (index, result) in results {
      switch result {
      case .success: #expect(index != 30)
      case .failure(let error):
        #expect(index == 30)
        #expect((error as? LoyaltyError)?.code == .queryFailed)
      }
    }
    #expect(await queue.count() == 59)
    #expect(await pipeline.currentStatistics().tracked == 59)
  }

  @Test("an event larger than a batch is refused alone among concurrent tracks")
  func oversizeAlone() async throws {
    let queue = RecordingQueue()
    let pipeline = Self.pipeline(
      queue, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0, maxBatchBytes: 4_096))
    let big = String(repeating: "y", count: 5_000)
    let results = await Self.track(
      40, into: pipeline, queue: queue, event: { ("e", $0 == 7 ? ["blob": big] : [:]) })
    for (index, result) in results {
      switch result {
      case .success: #expect(index != 7)
      case .failure(let error):
        #expect(index == 7)
        #expect((error as? LoyaltyError)?.code == .eventTooLarge)
      }
    }
    #expect(await queue.count() == 39)
    #expect(await pipeline.currentStatistics().tracked == 39)
  }

  @Test("concurrent tracks beyond the capacity keep the newest and count the dropped")
  func capacity() async throws {
    let queue = RecordingQueue()
    let pipeline = Self.pipeline(
      queue, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0, queueCapacity: 10))
    let results = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<30 {
        group.addTask { try? await pipeline.track("e") }
      }
      var ids: [String] = []
      for await id in group { ids.append(id ?? "") }
      return ids
    }
    #expect(results.allSatisfy { !$0.isEmpty })
    let statistics = await pipeline.currentStatistics()
    #expect(statistics.pending == 10)
    #expect(statistics.droppedByCapacity == 20)
    #expect(statistics.tracked == 30)
    let kept = await queue.claim(maxCount: 100, maxBytes: 100_000).map(\.id)
    #expect(kept == Array(results.sorted().suffix(10)), "the newest are kept")
  }

  @Test("a track whose task is cancelled still queues its event and returns its id")
  func cancelledCaller() async throws {
    let queue = RecordingQueue()
    let pipeline = Self.pipeline(queue, AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0))
    let tracking = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await pipeline.track("cancelled")
    }
    let id = try await tracking.value
    #expect(await queue.contains(id))
    #expect(await pipeline.currentStatistics().tracked == 1)
  }
}
