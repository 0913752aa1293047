import Foundation
import LoyaltyCore
import LoyaltyEvents
import Testing

@Suite("17. A server's Retry-After pauses uploads for a bounded time")
struct RetryAfterPauseTests {
  @Test(
    "years, a date in 9999 (seconds away), 1e300 and infinity pause for 300 s",
    arguments: [315_360_000, 2.5e11, 1e300, .infinity] as [Double])
  func hostile(after: Double) async throws {
    let clock = ManualClock()
    let failing = Locked(true)
    let uploader = RecordingUploader { _ in
      failing.withLock { $0 } ? .retryLater(after: after) : .accepted(duplicates: 0)
    }
    let queue = InMemoryEventQueue()
    let pipeline = AnalyticsPipelineTests.pipeline(uploader, queue: queue, clock: clock)
    try await pipeline.track("e")
    await pipeline.flush()
    let until = try #require(await pipeline.backoffUntil)
    #expect(until == clock.now.addingTimeInterval(300))

    failing.withLock { $0 = false }
    clock.advance(by: 299)
    await pipeline.flush()
    #expect(await queue.count() == 1, "still paused one second before the bound")
    clock.advance(by: 1)
    await pipeline.flush()
    #expect(await queue.count() == 0, "uploaded at the bound")
  }

  @Test("a restart forgets the pause: a new pipeline on the same queue uploads at once")
  func restart() async throws {
    let clock = ManualClock()
    let queue = InMemoryEventQueue()
    let paused = AnalyticsPipelineTests.pipeline(
      RecordingUploader { _ in .retryLater(after: 315_360_000) }, queue: queue, clock: clock)
    try await paused.track("e")
    await paused.flush()
    await paused.stop()
    #expect(await queue.count() == 1)
    let uploader = RecordingUploader()
    let restarted = AnalyticsPipelineTests.pipeline(uploader, queue: queue, clock: clock)
    await restarted.flush()
    #expect(await queue.count() == 0)
    #expect(uploader.received.count == 1)
  }

  @Test("the bound: configurable within 0...3600, NaN gives the backoff")
  func bound() {
    var configuration = AnalyticsConfiguration(maxRetryAfter: 60)
    #expect(configuration.pause(forRetryAfter: 60, failures: 1) == 60)
    #expect(configuration.pause(forRetryAfter: 61, failures: 1) == 60)
    #expect(configuration.pause(forRetryAfter: 59, failures: 1) == 59)
    #expect(configuration.pause(forRetryAfter: -5, failures: 1) == 0)
    #expect(AnalyticsConfiguration(maxRetryAfter: 10_000).maxRetryAfter == 3_600)
    #expect(AnalyticsConfiguration().maxRetryAfter == 300)
    configuration.backoffJitter = 0
    #expect(configuration.pause(forRetryAfter: .nan, failures: 1) == 0.5)
  }
}
