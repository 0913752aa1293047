import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

@Suite("SQLiteEventQueue")
struct EventQueueTests {
  @Test func claimsAreForgottenWhenReopened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let queue = SQLiteEventQueue(database: database)
    try await queue.append((0..<5).map { StoreTestSupport.event($0) })
    let claimed = try await queue.claim(maxCount: 3, maxBytes: 10_000)
    #expect(claimed.count == 3)
    #expect(try await queue.claim(maxCount: 10, maxBytes: 10_000).count == 2)
    database.close()

    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let again = SQLiteEventQueue(database: reopened)
    let all = try await again.claim(maxCount: 10, maxBytes: 10_000)
    #expect(all.map(\.id) == (0..<5).map { StoreTestSupport.event($0).id })
    #expect(all == (0..<5).map { StoreTestSupport.event($0) })
  }

  @Test func queuesOnOneDatabaseShareClaims() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let first = SQLiteEventQueue(database: database)
    let second = SQLiteEventQueue(database: database)
    try await first.append((0..<4).map { StoreTestSupport.event($0) })
    let a = try await first.claim(maxCount: 2, maxBytes: 10_000)
    let b = try await second.claim(maxCount: 10, maxBytes: 10_000)
    #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
    #expect(a.count + b.count == 4)
  }

  @Test func releaseCountsAttemptsDurably() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let queue = SQLiteEventQueue(database: database)
    try await queue.append([StoreTestSupport.event(1)])
    for _ in 0..<3 {
      let batch = try await queue.claim(maxCount: 1, maxBytes: 1_000)
      try await queue.release(batch.map(\.id))
    }
    // Releasing an id that is not claimed changes nothing.
    try await queue.release([StoreTestSupport.event(1).id])
    database.close()
    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let event = try await SQLiteEventQueue(database: reopened).claim(maxCount: 1, maxBytes: 1_000)
    #expect(event.first?.attempts == 3)
  }

  @Test func undecodableRowsAreQuarantinedDuringClaim() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    try await queue.append([StoreTestSupport.event(0)])
    try await database.write { connection in
      try connection.executeScript(
        """
        INSERT INTO events (event_id, type, time, data) VALUES ('null-data', 'bad', 1.0, NULL);
        INSERT INTO events (event_id, type, time, data) VALUES ('text-time', 'bad', 'yesterday', x'7b7d');
        INSERT INTO events (event_id, type, time, data) VALUES ('int-data', 'bad', 2.0, 42);
        """)
    }
    try await queue.append([StoreTestSupport.event(1)])
    #expect(try await queue.count() == 5)

    let batch = try await queue.claim(maxCount: 10, maxBytes: 10_000)
    #expect(batch.map(\.id) == [StoreTestSupport.event(0).id, StoreTestSupport.event(1).id])
    #expect(try await queue.quarantinedCount() == 3)
    #expect(try await queue.count() == 2)
    let quarantined = try await queue.quarantinedEvents()
    #expect(quarantined.map(\.eventID) == ["null-data", "text-time", "int-data"])
    #expect(
      quarantined.map(\.reason) == ["data is NULL", "time is not a number", "data is not a blob"])

    // The pipeline goes on.
    try await queue.acknowledge(batch.map(\.id))
    #expect(try await queue.count() == 0)
  }

  @Test func quarantineKeepsTheReason() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    try await queue.append((0..<3).map { StoreTestSupport.event($0) })
    let claimed = try await queue.claim(maxCount: 3, maxBytes: 10_000)
    try await queue.quarantine([claimed[1].id, "unknown"], reason: "rejected by the server")
    let quarantined = try await queue.quarantinedEvents()
    #expect(quarantined.map(\.eventID) == [claimed[1].id])
    #expect(quarantined.first?.reason == "rejected by the server")
    #expect(quarantined.first?.name == claimed[1].name)
    #expect(quarantined.first?.payload == claimed[1].payload)
    #expect(try await queue.count() == 2)
  }

  @Test func droppedCountSurvivesReopen() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let queue = SQLiteEventQueue(database: database)
    try await queue.append((0..<20).map { StoreTestSupport.event($0) })
    _ = try await queue.claim(maxCount: 2, maxBytes: 10_000)
    #expect(try await queue.trim(toCapacity: 15) == 5)
    #expect(try await queue.droppedCount() == 5)
    database.close()

    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let again = SQLiteEventQueue(database: reopened)
    #expect(try await again.droppedCount() == 5)
    #expect(try await again.trim(toCapacity: 10) == 5)
    #expect(try await again.droppedCount() == 10)
    #expect(try await again.trim(toCapacity: 10) == 0)
    let oldest = try await again.claim(maxCount: 1, maxBytes: 1_000)
    #expect(oldest.first?.id == StoreTestSupport.event(10).id)
  }

  @Test func trimForgetsClaimsOnDroppedEvents() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    try await queue.append((0..<4).map { StoreTestSupport.event($0) })
    let claimed = try await queue.claim(maxCount: 4, maxBytes: 10_000)
    #expect(try await queue.trim(toCapacity: 1) == 3)
    try await queue.release(claimed.map(\.id))
    let left = try await queue.claim(maxCount: 4, maxBytes: 10_000)
    #expect(left.map(\.id) == [StoreTestSupport.event(3).id])
    #expect(left.first?.attempts == 1)
  }

  @Test func recreateForgetsClaims() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    try await queue.append([StoreTestSupport.event(0)])
    _ = try await queue.claim(maxCount: 1, maxBytes: 1_000)
    try await database.recreate()
    #expect(try await queue.count() == 0)
    try await queue.append([StoreTestSupport.event(7)])
    #expect(
      try await queue.claim(maxCount: 1, maxBytes: 1_000).map(\.id) == [
        StoreTestSupport.event(7).id
      ])
  }
}
