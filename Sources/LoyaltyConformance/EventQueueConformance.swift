public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/EventQueue`` must keep.
public enum EventQueueConformance {
  /// Runs every check against fresh queues from `makeQueue`.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(_ makeQueue: () async throws -> any EventQueue) async throws {
    let name = "EventQueue"
    func event(_ index: Int, bytes: Int = 10) -> QueuedEvent {
      QueuedEvent(
        id: String(cFormat: "evt-%06d", index), name: "e\(index)",
        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)),
        payload: Data(repeating: UInt8(ascii: "a"), count: bytes))
    }

    let queue = try await makeQueue()
    try require(try await queue.count() == 0, name, "a new queue is empty")
    try await queue.append((0..<10).map { event($0) })
    try await queue.append([event(3)])
    try require(try await queue.count() == 10, name, "appending a known id does nothing")

    let batch = try await queue.claim(maxCount: 4, maxBytes: 1_000)
    try require(
      batch.map(\.id) == (0..<4).map { event($0).id }, name, "claims the oldest first",
      batch.map(\.id).joined(separator: ","))
    let next = try await queue.claim(maxCount: 100, maxBytes: 35)
    try require(
      next.map(\.id) == (4..<7).map { event($0).id }, name,
      "never claims twice and stays within maxBytes", next.map(\.id).joined(separator: ","))
    try require(try await queue.count() == 10, name, "claimed events still count")

    try await queue.acknowledge(batch.map(\.id))
    try require(try await queue.count() == 6, name, "acknowledge deletes")
    try await queue.release(next.map(\.id))
    let again = try await queue.claim(maxCount: 100, maxBytes: 1_000)
    try require(
      again.map(\.id) == (4..<10).map { event($0).id }, name,
      "released events are claimable again, in order", again.map(\.id).joined(separator: ","))
    try require(
      again.prefix(3).allSatisfy { $0.attempts == 1 }
        && again.dropFirst(3).allSatisfy {
          $0.attempts == 0
        }, name, "release counts one attempt")
    try await queue.release(again.map(\.id))

    try await queue.append([event(100, bytes: 5_000)])
    _ = try await queue.claim(maxCount: 100, maxBytes: 1_000)
    let oversized = try await queue.claim(maxCount: 100, maxBytes: 1_000)
    try require(
      oversized.map(\.id) == [event(100).id], name,
      "an event larger than maxBytes is returned alone")

    // The byte budget includes its limit: a batch may fill it exactly, and an event of
    // exactly maxBytes is not "larger", so an empty payload still fits after it.
    let filling = try await makeQueue()
    try await filling.append([event(0, bytes: 20), event(1), event(2, bytes: 0), event(3)])
    let filled = try await filling.claim(maxCount: 100, maxBytes: 30)
    try require(
      filled.map(\.id) == (0..<3).map { event($0).id }, name,
      "a batch may fill maxBytes exactly", filled.map(\.id).joined(separator: ","))
    let exact = try await makeQueue()
    try await exact.append([event(0, bytes: 30), event(1, bytes: 0), event(2)])
    let atLimit = try await exact.claim(maxCount: 100, maxBytes: 30)
    try require(
      atLimit.map(\.id) == (0..<2).map { event($0).id }, name,
      "an event of exactly maxBytes is not returned alone",
      atLimit.map(\.id).joined(separator: ","))

    try await checkClaimsOfTrimmedEvents(makeQueue, name)

    let fresh = try await makeQueue()
    try await fresh.append((0..<20).map { event($0) })
    let dropped = try await fresh.trim(toCapacity: 15)
    try require(dropped == 5, name, "trim drops what exceeds the capacity", "\(dropped)")
    try require(try await fresh.droppedCount() == 5, name, "dropped events are counted")
    let oldest = try await fresh.claim(maxCount: 1, maxBytes: 1_000)
    try require(oldest.first?.id == event(5).id, name, "trim drops the oldest")
    try require(try await fresh.trim(toCapacity: 15) == 0, name, "trim within capacity is a no-op")

    try await fresh.quarantine([event(6).id], reason: "test")
    try require(try await fresh.quarantinedCount() == 1, name, "quarantine keeps the event aside")
    try require(try await fresh.count() == 14, name, "quarantined events leave the queue")

    let trimming = try await makeQueue()
    try await trimming.append((0..<10).map { event($0) })
    let droppedOnAppend = try await trimming.append(
      (10..<20).map { event($0) }, trimmingToCapacity: 15)
    try require(
      droppedOnAppend == 5, name, "append(_:trimmingToCapacity:) drops what exceeds the capacity",
      "\(droppedOnAppend)")
    try require(try await trimming.count() == 15, name, "append and trim leave the capacity")
    try require(
      try await trimming.droppedCount() == 5, name, "append and trim count the dropped events")
    let oldestLeft = try await trimming.claim(maxCount: 1, maxBytes: 1_000)
    try require(
      oldestLeft.first?.id == event(5).id, name, "append and trim drop the oldest",
      oldestLeft.map(\.id).joined(separator: ","))
    let knownAgain = try await trimming.append([event(19)], trimmingToCapacity: 15)
    let countAfterKnown = try await trimming.count()
    try require(
      knownAgain == 0 && countAfterKnown == 15, name, "append and trim of a known id does nothing")
    try await trimming.acknowledge(oldestLeft.map(\.id))
    try await trimming.append([event(5)])
    try require(
      try await trimming.count() == 15, name, "an acknowledged id can be appended again")

    // The analytics pipeline appends concurrent tracks as one batch: a batch larger than
    // the capacity keeps its newest events, in order.
    let overflowing = try await makeQueue()
    let droppedOfBatch = try await overflowing.append(
      (0..<10).map { event($0) }, trimmingToCapacity: 4)
    try require(
      droppedOfBatch == 6, name, "a batch beyond the capacity drops its oldest",
      "\(droppedOfBatch)")
    let newest = try await overflowing.claim(maxCount: 100, maxBytes: 1_000)
    try require(
      newest.map(\.id) == (6..<10).map { event($0).id }, name,
      "a batch is appended in order and trimmed from its oldest",
      newest.map(\.id).joined(separator: ","))

    let roundTrip = try await makeQueue()
    let original = QueuedEvent(
      id: "rt", name: "round_trip", timestamp: Date(timeIntervalSince1970: 1_800_000_123.5),
      payload: Data(#"{"k":"v"}"#.utf8))
    try await roundTrip.append([original])
    let read = try await roundTrip.claim(maxCount: 1, maxBytes: 1_000)
    try require(read == [original], name, "events round-trip unchanged")
  }

  /// Claims on events a trim dropped are forgotten: the events appended after are
  /// claimable (a store may give them the dropped rows' places), and a late release of
  /// the dropped ids counts no attempt against them.
  private static func checkClaimsOfTrimmedEvents(
    _ makeQueue: () async throws -> any EventQueue, _ name: String
  ) async throws {
    func event(_ index: Int) -> QueuedEvent {
      QueuedEvent(
        id: String(cFormat: "trimmed-%06d", index), name: "e\(index)",
        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)),
        payload: Data(#"{"i":\#(index)}"#.utf8))
    }
    let queue = try await makeQueue()
    try await queue.append([event(0), event(1)])
    let claimed = try await queue.claim(maxCount: 100, maxBytes: 1_000)
    try require(try await queue.trim(toCapacity: 0) == 2, name, "trim drops claimed events too")
    try await queue.append([event(2), event(3)])
    try await queue.release(claimed.map(\.id))
    let after = try await queue.claim(maxCount: 100, maxBytes: 1_000)
    try require(
      after.map(\.id) == [event(2).id, event(3).id] && after.allSatisfy { $0.attempts == 0 },
      name, "events appended after a trim of claimed ones are claimable, with no attempt",
      after.map { "\($0.id):\($0.attempts)" }.joined(separator: ","))
  }
}
