import Foundation
import LoyaltyCore
import LoyaltyEvents
import Testing

/// The queue step a test makes fail.
enum ClaimStep: Sendable {
  case acknowledge, release
}

/// An event queue that fails the step it is told to fail, once, and tells what is
/// still claimed.
private actor FlakyQueue: EventQueue {
  typealias Step = ClaimStep

  private let base = InMemoryEventQueue()
  private var claimed: Set<String> = []
  private var failing: Step?

  func fail(_ step: Step?) { failing = step }
  var claimedCount: Int { claimed.count }

  private func check(_ step: Step) throws {
    guard failing == step else { return }
    failing = nil
    throw LoyaltyError(.queryFailed, "The queue failed at \(step).")
  }

  func append(_ events: [QueuedEvent]) async throws { await base.append(events) }

  func claim(maxCount: Int, maxBytes: Int) async throws -> [QueuedEvent] {
    let batch = await base.claim(maxCount: maxCount, maxBytes: maxBytes)
    claimed.formUnion(batch.map(\.id))
    return batch
  }

  func acknowledge(_ ids: [String]) async throws {
    try check(.acknowledge)
    await base.acknowledge(ids)
    claimed.subtract(ids)
  }

  func release(_ ids: [String]) async throws {
    try check(.release)
    await base.release(ids)
    claimed.subtract(ids)
  }

  func count() async throws -> Int { await base.count() }
  func trim(toCapacity capacity: Int) async throws -> Int {
    await base.trim(toCapacity: capacity)
  }
  func droppedCount() async throws -> Int { await base.droppedCount() }
  func quarantine(_ ids: [String], reason: String) async throws {
    await base.quarantine(ids, reason: reason)
    claimed.subtract(ids)
  }
  func quarantinedCount() async throws -> Int { await base.quarantinedCount() }
}

@Suite("Analytics claims")
struct ClaimSettlementTests {
  /// Events and analytics 2: every tracked event arrives at least once, whatever step
  /// fails; a claimed batch never stays claimed until the next launch.
  @Test(
    "every tracked event arrives at least once when a step fails",
    arguments: [
      (ClaimStep.acknowledge, false), (ClaimStep.release, true),
      (ClaimStep.acknowledge, true),
    ])
  func nothingStaysClaimed(step: ClaimStep, serverBusyFirst: Bool) async throws {
    let queue = FlakyQueue()
    let busy = Locked(serverBusyFirst)
    let uploader = RecordingUploader { _ in
      busy.withLock { busy in
        defer { busy = false }
        return busy ? .retryLater(after: 0) : .accepted(duplicates: 0)
      }
    }
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { uploader }, clock: ManualClock(),
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0))
    var ids: Set<String> = []
    for index in 0..<5 {
      ids.insert(try await pipeline.track("e", parameters: ["i": String(index)]))
    }
    await queue.fail(step)
    await pipeline.flush()
    #expect(await queue.claimedCount == 0 || step == .release, "released after a failure")
    await pipeline.flush()
    await pipeline.flush()
    #expect(await queue.claimedCount == 0)
    #expect(uploader.received == ids)
    #expect(try await queue.count() == 0)
  }

  @Test("a batch whose expired events cannot be deleted is released")
  func expiredAcknowledgeFails() async throws {
    let queue = FlakyQueue()
    let clock = ManualClock()
    let uploader = RecordingUploader()
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { uploader }, clock: clock,
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0, maxAge: 60))
    try await pipeline.track("old")
    clock.advance(by: 120)
    let fresh = try await pipeline.track("fresh")
    await queue.fail(.acknowledge)
    await pipeline.flush()
    #expect(await queue.claimedCount == 0)
    await pipeline.flush()
    #expect(await queue.claimedCount == 0)
    #expect(uploader.received == [fresh])
    #expect(try await queue.count() == 0)
  }
}
