import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The group commit: appends that wait for the database's thread together are committed
/// in one transaction.
extension SQLiteEventQueue {
  /// How many appends wait for the next group commit.
  var waitingAppendCount: Int { appends.withLock { $0.waiting.count } }

  /// Commits `events` (and a trim to `capacity`, when given): on a file database through
  /// the group of appends waiting for the database's thread, on an in-memory one at once.
  nonisolated(nonsending) func commit(
    _ events: [QueuedEvent], trimmingTo capacity: Int?
  ) async throws -> Int {
    guard let executor = database.executor else {
      return try await database.withConnection { [self] connection in
        try apply([PendingAppend(id: 0, events: events, capacity: capacity)], in: connection)
      }
    }
    let id = appends.withLock { group in
      group.nextID &+= 1
      return group.nextID
    }
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Int, any Error>) in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          return
        }
        let schedules = appends.withLock { group -> Bool in
          group.waiting.append(
            WaitingAppend(
              append: PendingAppend(id: id, events: events, capacity: capacity),
              continuation: continuation))
          defer { group.scheduled = true }
          return !group.scheduled
        }
        guard schedules else { return }
        if !executor.submit({ [self] in commitWaiting() }) {
          // The database is closed: nothing queued will run.
          let closed = LoyaltyError(
            .databaseClosed, "The LoyaltyStore database is closed.",
            recoverySuggestion: "Start a new client, or open the database again.")
          for waiting in takeWaiting() {
            waiting.continuation.resume(throwing: closed)
          }
        }
      }
    } onCancel: { [appends] in
      let cancelled = appends.withLock { group -> WaitingAppend? in
        guard let index = group.waiting.firstIndex(where: { $0.append.id == id }) else {
          return nil
        }
        return group.waiting.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Takes every waiting append; the next one to arrive schedules a new commit.
  private func takeWaiting() -> [WaitingAppend] {
    appends.withLock { group in
      defer {
        group.waiting = []
        group.scheduled = false
      }
      return group.waiting
    }
  }

  /// Runs on the database's thread: commits every waiting append in one transaction and
  /// then resumes each. When that transaction fails, each append is tried again in its
  /// own, so one failing append does not fail the others; each caller hears of its own
  /// result only once it is committed or has failed.
  private func commitWaiting() {
    let waiting = takeWaiting()
    guard !waiting.isEmpty else { return }
    do {
      let dropped = try database.withLockedConnection { connection in
        try apply(waiting.map(\.append), in: connection)
      }
      // The drops of a group are reported to its last append, which trimmed last.
      for (index, entry) in waiting.enumerated() {
        entry.continuation.resume(returning: index == waiting.count - 1 ? dropped : 0)
      }
    } catch {
      guard waiting.count > 1 else {
        waiting[0].continuation.resume(throwing: error)
        return
      }
      for entry in waiting {
        entry.continuation.resume(
          with: Result {
            try database.withLockedConnection { connection in
              try apply([entry.append], in: connection)
            }
          })
      }
    }
  }

  /// Inserts every append's events and trims after each append that asks for it, in one
  /// transaction, then forgets the claims of the rows trimmed.
  /// - Returns: How many events were dropped in all.
  private func apply(_ appends: [PendingAppend], in connection: SQLiteConnection) throws -> Int {
    let (dropped, lastDropped) = try connection.transaction { () -> (Int, Int64) in
      var total: Int? = nil
      var dropped = 0
      var lastDropped: Int64 = 0
      for append in appends {
        let inserted = try Self.insert(append.events, in: connection)
        total? += inserted
        guard let capacity = append.capacity else { continue }
        if total == nil {
          total = try connection.scalarInt("SELECT COUNT(*) FROM events") ?? 0
        }
        var count = total ?? 0
        let (trimmed, last) = try Self.trim(&count, toCapacity: capacity, in: connection)
        total = count
        dropped += trimmed
        lastDropped = max(lastDropped, last)
      }
      return (dropped, lastDropped)
    }
    forgetClaims(upTo: lastDropped, in: connection)
    return dropped
  }

  /// Inserts `events` at the end of the queue, inside the caller's transaction; an id
  /// already queued is ignored.
  /// - Returns: How many rows were inserted.
  static func insert(_ events: [QueuedEvent], in connection: SQLiteConnection) throws -> Int {
    try connection.withStatement(
      "INSERT OR IGNORE INTO events (event_id, type, time, data, attempts) VALUES (?, ?, ?, ?, ?)"
    ) { statement in
      var inserted = 0
      for event in events {
        try statement.bind(event.id, at: 1)
        try statement.bind(event.name, at: 2)
        try statement.bind(event.timestamp.timeIntervalSinceReferenceDate, at: 3)
        try statement.bind(event.payload, at: 4)
        try statement.bind(event.attempts, at: 5)
        try statement.run()
        statement.reset()
        inserted += connection.changes
      }
      return inserted
    }
  }
}
