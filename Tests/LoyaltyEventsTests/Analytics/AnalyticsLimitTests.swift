import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyEvents

/// The analytics pipeline's limits: an event exactly `maxAge` old is still sent, one a
/// millisecond older is dropped as expired; a single event too large to send is dropped
/// at once, never split, and the rest of its batch goes on; a split batch whose first
/// half must wait sends nothing more; a name is 1 to 256 bytes.
@Suite("Analytics at its limits")
struct AnalyticsLimitTests {
  /// The queue's oldest event, left in the queue.
  static func peek(_ queue: InMemoryEventQueue) async -> QueuedEvent? {
    let first = await queue.claim(maxCount: 1, maxBytes: .max).first
    if let first { await queue.release([first.id]) }
    return first
  }

  @Test(
    "an event exactly maxAge old is sent; a millisecond older, it expires",
    arguments: [(60.0, true), (60.001, false)])
  func maxAge(age: TimeInterval, sent: Bool) async throws {
    let clock = ManualClock()
    let uploader = RecordingUploader()
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(
      uploader, queue: queue, clock: clock,
      AnalyticsConfiguration(flushInterval: 0, maxAge: 60))
    try await pipeline.track("aged")
    clock.advance(by: age)
    await pipeline.flush()
    let statistics = await pipeline.currentStatistics()
    #expect(uploader.received.count == (sent ? 1 : 0))
    #expect(statistics.expired == (sent ? 0 : 1))
    #expect(await queue.count() == 0)
  }

  @Test("an event that fills a batch exactly is queued; a byte larger, it is refused")
  func eventAtTheBatchLimit() async throws {
    let configuration = AnalyticsConfiguration(flushInterval: 0, maxBatchBytes: 4_096)
    // The payload's size without its blob: ids and timestamps have fixed lengths.
    let sizer = InMemoryEventQueue()
    try await AnalyticsPipelineTests.pipeline(nil, queue: sizer, configuration)
      .track("limit", parameters: ["blob": ""])
    let base = try #require(await Self.peek(sizer)).payload.count
    let fits = configuration.maxBatchBytes - AnalyticsPipeline.batchOverhead - base
    for (extra, queued) in [(0, true), (1, false)] {
      let queue = InMemoryEventQueue()
      let pipeline = AnalyticsPipelineTests.pipeline(nil, queue: queue, configuration)
      let blob = String(repeating: "b", count: fits + extra)
      do {
        try await pipeline.track("limit", parameters: ["blob": blob])
        #expect(queued, "\(extra) byte over the batch's size was queued")
      } catch {
        #expect(!queued, "\(extra) byte over the batch's size was refused: \(error)")
        #expect((error as? LoyaltyError)?.code == .eventTooLarge)
      }
      #expect(await queue.count() == (queued ? 1 : 0))
    }
  }

  @Test("a single event the server calls too large is dropped, not split")
  func singleTooLarge() async throws {
    let uploader = RecordingUploader { _ in .tooLarge }
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(uploader, queue: queue)
    try await pipeline.track("huge")
    await pipeline.flush()
    #expect(uploader.batches.map(\.count) == [1])
    #expect(await pipeline.currentStatistics().tooLarge == 1)
    #expect(await queue.count() == 0)
  }

  @Test("a too-large event dropped from a split batch lets the rest go on in the same flush")
  func splitGoesOn() async throws {
    let big = Locked<String?>(nil)
    let uploader = RecordingUploader { batch in
      let bigID = big.withLock { $0 }
      return batch.contains { $0.id == bigID } ? .tooLarge : .accepted(duplicates: 0)
    }
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(uploader, queue: queue)
    try await pipeline.track("big")
    let bigID = try #require(await Self.peek(queue)).id
    big.withLock { $0 = bigID }
    try await pipeline.track("small")
    await pipeline.flush()
    #expect(uploader.batches.map(\.count) == [2, 1, 1])
    #expect(uploader.received.count == 1)
    #expect(await pipeline.currentStatistics().tooLarge == 1)
    #expect(await queue.count() == 0)
  }

  @Test("when the first half of a split batch must wait, the second half is not sent")
  func splitStopsOnBackoff() async throws {
    let uploader = RecordingUploader { batch in
      batch.count > 1 ? .tooLarge : .retryLater(after: nil)
    }
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(uploader, queue: queue)
    try await pipeline.track("first")
    try await pipeline.track("second")
    await pipeline.flush()
    #expect(uploader.batches.map(\.count) == [2, 1])
    #expect(uploader.received.isEmpty)
    #expect(await queue.count() == 2)
  }

  @Test(
    "an event name is 1 to 256 bytes: 0 and 257 are refused, 1 and 256 kept",
    arguments: [(0, false), (1, true), (256, true), (257, false)])
  func nameLength(bytes: Int, kept: Bool) async throws {
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(nil, queue: queue)
    let name = String(repeating: "n", count: bytes)
    if kept {
      try await pipeline.track(name)
    } else {
      await #expect(throws: LoyaltyError.self) { try await pipeline.track(name) }
    }
    #expect(await queue.count() == (kept ? 1 : 0))
  }
}
