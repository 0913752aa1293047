import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@testable import LoyaltyStore

@Suite(
  "SQLiteEventQueue: concurrent appends committed together",
  .timeLimit(.minutes(TestTime.minutes(1))))
struct GroupCommitTests {
  /// Whether a second connection to the file sees the event: only a committed row is
  /// visible outside the transaction that wrote it.
  private static func isCommitted(_ id: String, in file: URL) throws -> Bool {
    let reader = try SQLiteConnection(url: file, generation: 0, readOnly: true)
    defer { reader.close() }
    let found = try reader.scalarInt("SELECT COUNT(*) FROM events WHERE event_id = ?") {
      try $0.bind(id, at: 1)
    }
    return found == 1
  }

  @Test("each append returns only after its own events are committed")
  func returnsAfterCommit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let file = directory.file("store.db")
    let queue = SQLiteEventQueue(database: database)
    let returned = Locked(0)
    let gate = DispatchSemaphore(value: 0)
    let blocker = try await StoreTestSupport.block(database, until: gate)
    let appends = (0..<40).map { index in
      Task { () throws -> Bool in
        let event = StoreTestSupport.event(index)
        try await queue.append([event])
        returned.withLock { $0 += 1 }
        return try Self.isCommitted(event.id, in: file)
      }
    }
    while queue.waitingAppendCount < 40 { await Task.yield() }
    // The thread is blocked: nothing can be committed, so nothing may have returned.
    for _ in 0..<100 { await Task.yield() }
    #expect(returned.withLock { $0 } == 0)
    gate.signal()
    try await blocker.value
    for append in appends {
      #expect(try await append.value, "an append returned before its commit")
    }
    #expect(try await queue.count() == 40)
  }

  @Test("one failing append fails alone: the others of its group are committed")
  func failingAppendFailsAlone() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let queue = SQLiteEventQueue(database: database)
    try await database.withConnection { connection in
      try connection.execute(
        """
        CREATE TEMP TRIGGER poison BEFORE INSERT ON events WHEN NEW.type = 'poison'
        BEGIN SELECT RAISE(ABORT, 'poisoned event'); END
        """)
    }
    let gate = DispatchSemaphore(value: 0)
    let blocker = try await StoreTestSupport.block(database, until: gate)
    let appends = (0..<10).map { index in
      Task { () -> Result<String, any Error> in
        var event = StoreTestSupport.event(index)
        if index == 4 {
          event = QueuedEvent(
            id: event.id, name: "poison", timestamp: event.timestamp, payload: event.payload)
        }
        do {
          _ = try await queue.append([event], trimmingToCapacity: 100)
          return .success(event.id)
        } catch {
          return .failure(error)
        }
      }
    }
    while queue.waitingAppendCount < 10 { await Task.yield() }
    gate.signal()
    try await blocker.value
    var committed: Set<String> = []
    var failures = 0
    for append in appends {
      switch await append.value {
      case .success(let id): committed.insert(id)
      case .failure: failures += 1
      }
    }
    #expect(failures == 1)
    #expect(!committed.contains(StoreTestSupport.event(4).id))
    #expect(committed.count == 9)
    await database.closeSuspending()
    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let stored = try await SQLiteEventQueue(database: reopened).claim(
      maxCount: 100, maxBytes: 1_000_000)
    #expect(Set(stored.map(\.id)) == committed)
  }

  @Test("a group that trims keeps the capacity and counts every drop once")
  func groupTrims() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    let gate = DispatchSemaphore(value: 0)
    let blocker = try await StoreTestSupport.block(database, until: gate)
    let appends = (0..<50).map { index in
      Task { try await queue.append([StoreTestSupport.event(index)], trimmingToCapacity: 30) }
    }
    while queue.waitingAppendCount < 50 { await Task.yield() }
    gate.signal()
    try await blocker.value
    var dropped = 0
    for append in appends {
      dropped += try await append.value
    }
    #expect(dropped == 20)
    #expect(try await queue.count() == 30)
    #expect(try await queue.droppedCount() == 20)
  }
}
