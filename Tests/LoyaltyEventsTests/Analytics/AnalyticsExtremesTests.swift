import Foundation
import LoyaltyCore
import LoyaltyEvents
import Testing

/// Bad input: counts from the server and configured intervals beyond what an `Int` or a
/// clock can hold are clamped, never a crash.
@Suite("Analytics extremes")
struct AnalyticsExtremesTests {
  @Test("a server counting Int.max duplicates in every batch never overflows the statistics")
  func duplicateCounts() async throws {
    let uploader = RecordingUploader { _ in .accepted(duplicates: .max) }
    let pipeline = AnalyticsPipeline(
      queue: InMemoryEventQueue(), uploader: { uploader }, clock: ManualClock(),
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0))
    for _ in 0..<3 {
      try await pipeline.track("e")
      await pipeline.flush()
    }
    let statistics = await pipeline.currentStatistics()
    #expect(statistics.uploaded == 3)
    #expect(statistics.duplicates == 3)
  }

  @Test(
    "a flush interval beyond any clock never crashes the timer",
    arguments: [1e19, 1e308, Double.infinity, Double.nan])
  func hugeFlushInterval(interval: Double) async throws {
    let pipeline = AnalyticsPipeline(
      queue: InMemoryEventQueue(), uploader: { nil }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushInterval: interval))
    await pipeline.start()
    try await pipeline.track("e")
    try await Task.sleep(for: .milliseconds(20))
    await pipeline.stop()
  }

  @Test("a decoded configuration is brought into range; its backoff never crashes")
  func decodedConfiguration() throws {
    let json = #"""
      {"flushAt": -5, "flushInterval": 1e308, "backoffBase": -1, "backoffCap": 1e308,
       "backoffJitter": -2, "maxBatchBytes": -9223372036854775808}
      """#
    let configuration = try JSONDecoder().decode(
      AnalyticsConfiguration.self, from: Data(json.utf8))
    #expect(configuration.flushAt == 1)
    #expect(configuration.backoffJitter == 0)
    #expect(configuration.maxBatchBytes == 1_024)
    var tampered = AnalyticsConfiguration()
    tampered.backoffJitter = -3
    tampered.backoffBase = .nan
    for failures in [1, 10, 5_000, Int.max] {
      #expect(configuration.backoff(afterFailures: failures) >= 0)
      #expect(tampered.backoff(afterFailures: failures) >= 0)
    }
  }

  /// Session and network 17: no server value stops uploads beyond the configured bound.
  @Test(
    "a Retry-After of ten years, 1e300 or infinity pauses uploads maxRetryAfter at most",
    arguments: [3.15e8, 1e300, Double.infinity])
  func hugeRetryAfter(seconds: Double) async throws {
    let clock = ManualClock()
    let uploader = RecordingUploader { _ in .retryLater(after: seconds) }
    let pipeline = AnalyticsPipeline(
      queue: InMemoryEventQueue(), uploader: { uploader }, clock: clock,
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0))
    try await pipeline.track("e")
    await pipeline.flush()
    let until = try #require(await pipeline.backoffUntil)
    #expect(until == clock.now.addingTimeInterval(300))
    clock.advance(by: 301)
    await pipeline.flush()
    #expect(uploader.batches.count == 2, "uploads again once the bound has passed")
  }
}
