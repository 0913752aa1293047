import Foundation
import LoyaltyCore
import LoyaltyEvents
import Synchronization
import Testing

/// A device clock the test sets anywhere, whose monotonic time moves only when told.
final class JumpingTestClock: LoyaltyClock {
  private let state = Mutex((now: Date(timeIntervalSince1970: 1_800_000_000), monotonic: 0.0))

  var now: Date { state.withLock { $0.now } }
  var monotonicTime: TimeInterval { state.withLock { $0.monotonic } }

  /// Sets the wall clock by `seconds`, as a user changing the date; time does not pass.
  func jump(by seconds: TimeInterval) {
    state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
  }

  /// Lets `seconds` pass on both clocks.
  func pass(_ seconds: TimeInterval) {
    state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      state.monotonic += seconds
    }
  }

  func sleep(for seconds: TimeInterval) async throws {}
}

/// An event's age is time that passed, not what the device clock says (found by the chaos
/// soak: events tracked while the clock was a day behind expired once it was set right).
@Suite("Analytics: an event's age against device clock jumps")
struct EventAgeTests {
  static func pipeline(_ clock: JumpingTestClock, _ uploader: RecordingUploader)
    -> AnalyticsPipeline
  {
    AnalyticsPipeline(
      queue: InMemoryEventQueue(), uploader: { uploader }, clock: clock,
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0, maxAge: 60))
  }

  @Test(
    "tracked with the clock set back or ahead, then set right: uploaded, not expired",
    arguments: [-86_400.0, 3 * 86_400.0])
  func clockSetRight(offset: TimeInterval) async throws {
    let clock = JumpingTestClock()
    let uploader = RecordingUploader()
    let pipeline = Self.pipeline(clock, uploader)
    clock.jump(by: offset)
    let id = try await pipeline.track("screen_viewed")
    clock.jump(by: -offset)
    clock.pass(1)
    await pipeline.flush()
    #expect(uploader.received == [id])
    #expect(await pipeline.currentStatistics().expired == 0)
  }

  @Test(
    "an event expires once maxAge has passed, not one second before",
    arguments: [(59.0, false), (60.0, false), (61.0, true)])
  func maxAgeOnTheMonotonicClock(passed: TimeInterval, expired: Bool) async throws {
    let clock = JumpingTestClock()
    let uploader = RecordingUploader()
    let pipeline = Self.pipeline(clock, uploader)
    try await pipeline.track("screen_viewed")
    // The wall clock set back a day as well: it must not rescue an old event either.
    clock.jump(by: -86_400)
    clock.pass(passed)
    await pipeline.flush()
    #expect(uploader.received.isEmpty == expired)
    #expect(await pipeline.currentStatistics().expired == (expired ? 1 : 0))
  }

  @Test(
    "an event from before a restart, judged once on its timestamp: a later jump does not age it",
    arguments: [(59.0, false), (60.0, false), (61.0, true)])
  func earlierProcess(passed: TimeInterval, expired: Bool) async {
    let clock = JumpingTestClock()
    let queue = InMemoryEventQueue()
    let stamped = clock.now.addingTimeInterval(-30)
    await queue.append([
      QueuedEvent(
        id: "01EARLIER", name: "screen_viewed", timestamp: stamped, payload: Data("{}".utf8))
    ])
    let refusing = Locked(true)
    let uploader = RecordingUploader { _ in
      refusing.withLock { $0 } ? .retryLater(after: nil) : .accepted(duplicates: 0)
    }
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { uploader }, clock: clock,
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0, maxAge: 60))
    await pipeline.flush()
    refusing.withLock { $0 = false }
    // Set a day ahead, then 29 or 31 s more than maxAge's rest since it was first seen.
    clock.jump(by: 86_400)
    clock.pass(passed - 30)
    await pipeline.flush()
    #expect(uploader.received.contains("01EARLIER") == !expired)
    #expect(await pipeline.currentStatistics().expired == (expired ? 1 : 0))
  }

  @Test(
    "a backoff is time that passes: the clock set back a day holds uploads only the backoff",
    arguments: [(299.0, false), (300.0, true), (301.0, true)])
  func backoffOnTheMonotonicClock(passed: TimeInterval, uploaded: Bool) async throws {
    let clock = JumpingTestClock()
    let refusing = Locked(true)
    let uploader = RecordingUploader { _ in
      refusing.withLock { $0 } ? .retryLater(after: 300) : .accepted(duplicates: 0)
    }
    let pipeline = AnalyticsPipeline(
      queue: InMemoryEventQueue(), uploader: { uploader }, clock: clock,
      configuration: AnalyticsConfiguration(
        flushAt: 1_000, flushInterval: 0, maxAge: 86_400, maxRetryAfter: 300))
    let id = try await pipeline.track("screen_viewed")
    await pipeline.flush()
    #expect(await pipeline.backoffUntil == clock.now.addingTimeInterval(300))
    refusing.withLock { $0 = false }
    clock.jump(by: -86_400)
    clock.pass(passed)
    await pipeline.flush()
    #expect(uploader.received.contains(id) == uploaded)
  }
}
