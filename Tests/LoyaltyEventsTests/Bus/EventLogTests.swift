import Testing

@testable import LoyaltyEvents

/// Where ``EventLog`` seals and trims: a buffer is sealed when it holds `sealSize` posts,
/// and the oldest chunk goes once the newer ones hold `capacity` events.
@Suite("EventLog at its capacity")
struct EventLogTests {
  /// The first event a reader that started before `posts` posts, and read none, gets
  /// next, in a log of capacity 4 (chunks of 4).
  static func firstRead(after posts: Int) async -> UInt64? {
    let log = EventLog(capacity: 4, skipped: EventSkipCounter())
    let start = log.end()
    let reader = EventReader(id: 1, log: log)
    for index in 0..<posts { log.append(SampleEvent(index: index)) }
    return await log.chunk(after: start, for: reader)?.first
  }

  @Test("with the newer chunk holding exactly the capacity, the older is trimmed")
  func trimsAtExactlyTheCapacity() async {
    #expect(await Self.firstRead(after: 8) == 4)
  }

  @Test("one post short of a second chunk, nothing is trimmed")
  func oneShortTrimsNothing() async {
    #expect(await Self.firstRead(after: 7) == 0)
  }
}
