public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A durable ``LoyaltyCore/EventQueue`` in the `events` table of a ``StoreDatabase``.
///
/// - ``append(_:)`` commits the events in one transaction with `synchronous=FULL`:
///   once it returns, they survive the process being killed.
/// - Group commit: on a file database, appends that arrive while the database's thread
///   is busy wait together and are committed in one transaction, so concurrent appends
///   share one `fsync`. Each still returns only once its own events are committed. When
///   that transaction fails, each of its appends is tried again in a transaction of its
///   own, so one failing append fails alone.
/// - ``append(_:trimmingToCapacity:)`` appends and trims in the same transaction.
/// - ``claim(maxCount:maxBytes:)`` hands out the oldest unclaimed events, within both
///   limits. Claims live in memory only, so they are forgotten when the database is
///   reopened: a crash between claim and acknowledge re-sends rather than loses.
/// - A row found during a claim whose columns cannot be decoded (a NULL or non-blob
///   `data`, a missing id or name, a time that is not a number) is moved to
///   `events_quarantine` with the reason, so the pipeline goes on.
/// - ``trim(toCapacity:)`` drops the oldest events and adds them to a counter kept in
///   the database, so ``droppedCount()`` survives a restart.
///
/// Claims belong to the database, so several queues on one database never hand out
/// the same event twice.
public final class SQLiteEventQueue: EventQueue {
  private enum Decoded {
    case event(QueuedEvent)
    case undecodable(String)
  }

  private static let droppedKey = "events.dropped"

  /// One append: its events, and the capacity to trim to after it (`nil`: no trim).
  private struct PendingAppend: Sendable {
    let id: UInt64
    let events: [QueuedEvent]
    let capacity: Int?
  }

  /// An append waiting for the database's thread, with the task to resume.
  ///
  /// The continuation is resumed exactly once by whoever takes the entry out of the group
  /// under its lock (the commit, the cancellation handler, or a closed database), which
  /// is why an unchecked continuation is enough (it saves an allocation per append).
  private struct WaitingAppend: Sendable {
    let append: PendingAppend
    let continuation: UnsafeContinuation<Int, any Error>
  }

  /// The appends waiting for the next group commit.
  private struct AppendGroup: Sendable {
    var waiting: [WaitingAppend] = []
    /// Whether a commit is queued on the database's thread and has not taken them yet.
    var scheduled = false
    var nextID: UInt64 = 0
  }

  private let database: StoreDatabase
  private let logger: LoyaltyLogger
  private let appends = Locked(AppendGroup())

  /// Creates a queue on `database`.
  /// - Parameters:
  ///   - database: The open database.
  ///   - logger: Where warnings go, such as rows moved to quarantine during a claim.
  public init(database: StoreDatabase, logger: LoyaltyLogger = .disabled) {
    self.database = database
    self.logger = logger
  }

  // MARK: - EventQueue

  /// Appends events in one durable transaction; ids already queued are ignored.
  ///
  /// On a file database, appends that wait for the database's thread together are
  /// committed in one transaction (see the type's description); each returns once its own
  /// events are committed.
  public func append(_ events: [QueuedEvent]) async throws {
    guard !events.isEmpty else { return }
    _ = try await commit(events, trimmingTo: nil)
  }

  /// Appends events and drops the oldest so at most `capacity` remain, in one durable
  /// transaction: the events are appended and the queue trimmed, or nothing is written.
  /// - Returns: How many were dropped by this call.
  nonisolated(nonsending) public func append(
    _ events: [QueuedEvent], trimmingToCapacity capacity: Int
  ) async throws -> Int {
    try await commit(events, trimmingTo: max(0, capacity))
  }

  /// Claims the oldest unclaimed events within `maxCount` and `maxBytes` (an event
  /// larger than `maxBytes` comes alone), quarantining undecodable rows on the way.
  public func claim(maxCount: Int, maxBytes: Int) async throws -> [QueuedEvent] {
    guard maxCount > 0 else { return [] }
    return try await database.withConnection { [self] connection in
      var batch: [QueuedEvent] = []
      var rowIDs: [Int64] = []
      var undecodable: [(rowID: Int64, reason: String)] = []
      try withClaims(connection) { claims in
        var bytes = 0
        try connection.withStatement(
          "SELECT _id, event_id, type, time, data, attempts FROM events ORDER BY _id"
        ) { statement in
          scan: while batch.count < maxCount, try statement.step() {
            let rowID = statement.int64(at: 0)
            guard !claims.rowIDs.contains(rowID) else { continue }
            switch Self.decode(statement) {
            case .undecodable(let reason):
              undecodable.append((rowID, reason))
            case .event(let event):
              let size = event.payload.count
              if batch.isEmpty && size > maxBytes {
                batch.append(event)
                rowIDs.append(rowID)
                break scan
              }
              guard bytes + size <= maxBytes else { break scan }
              batch.append(event)
              rowIDs.append(rowID)
              bytes += size
            }
          }
        }
        for (event, rowID) in zip(batch, rowIDs) {
          claims.rowIDs.insert(rowID)
          claims.rowIDByEventID[event.id] = rowID
        }
      }
      if !undecodable.isEmpty {
        try connection.transaction {
          for row in undecodable {
            try moveToQuarantine(rowID: row.rowID, reason: row.reason, in: connection)
          }
        }
        logger.warning(
          "Moved \(undecodable.count) undecodable queued events to quarantine: "
            + Set(undecodable.map(\.reason)).sorted().joined(separator: "; "))
      }
      return batch
    }
  }

  /// Deletes the events with `ids`, claimed or not.
  public func acknowledge(_ ids: [String]) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      try connection.transaction {
        try connection.withStatement("DELETE FROM events WHERE event_id = ?") { statement in
          for id in ids {
            try statement.bind(id, at: 1)
            try statement.run()
            statement.reset()
          }
        }
      }
      withClaims(connection) { claims in
        for id in ids { claims.remove(id) }
      }
    }
  }

  /// Returns claimed events to the queue, counting one more attempt for each; ids
  /// that are not claimed are ignored.
  public func release(_ ids: [String]) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      let released = withClaims(connection) { claims in
        Set(ids).compactMap { id in claims.rowIDByEventID[id].map { (id, $0) } }
      }
      guard !released.isEmpty else { return }
      try connection.transaction {
        try connection.withStatement("UPDATE events SET attempts = attempts + 1 WHERE _id = ?") {
          statement in
          for (_, rowID) in released {
            try statement.bind(rowID, at: 1)
            try statement.run()
            statement.reset()
          }
        }
      }
      withClaims(connection) { claims in
        for (id, _) in released { claims.remove(id) }
      }
    }
  }

  /// How many events are queued, claimed or not; quarantined ones excluded.
  public func count() async throws -> Int {
    try await database.withConnection { connection in
      try connection.scalarInt("SELECT COUNT(*) FROM events") ?? 0
    }
  }

  /// Drops the oldest events so at most `capacity` remain, and adds them to the
  /// persisted dropped count.
  /// - Returns: How many were dropped by this call.
  public func trim(toCapacity capacity: Int) async throws -> Int {
    let capacity = max(0, capacity)
    return try await database.withConnection { [self] connection in
      var total = try connection.scalarInt("SELECT COUNT(*) FROM events") ?? 0
      let (dropped, lastDropped) = try connection.transaction {
        try Self.trim(&total, toCapacity: capacity, in: connection)
      }
      forgetClaims(upTo: lastDropped, in: connection)
      return dropped
    }
  }

  /// The total number of events ``trim(toCapacity:)`` dropped over the database's life.
  public func droppedCount() async throws -> Int {
    try await database.withConnection { connection in
      try connection.scalarInt("SELECT value FROM store_meta WHERE key = ?") { statement in
        try statement.bind(Self.droppedKey, at: 1)
      } ?? 0
    }
  }

  /// Moves the events with `ids` to quarantine with `reason`; unknown ids are ignored.
  public func quarantine(_ ids: [String], reason: String) async throws {
    guard !ids.isEmpty else { return }
    try await database.withConnection { [self] connection in
      try connection.transaction {
        for id in ids {
          let rowID = try connection.withStatement("SELECT _id FROM events WHERE event_id = ?") {
            statement -> Int64? in
            try statement.bind(id, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
          }
          if let rowID {
            try moveToQuarantine(rowID: rowID, reason: reason, in: connection)
          }
        }
      }
      withClaims(connection) { claims in
        for id in ids { claims.remove(id) }
      }
    }
  }

  /// How many events are in quarantine.
  public func quarantinedCount() async throws -> Int {
    try await database.withConnection { connection in
      try connection.scalarInt("SELECT COUNT(*) FROM events_quarantine") ?? 0
    }
  }

  // MARK: - Quarantine inspection

  /// The events in quarantine, oldest first, as they were found.
  /// - Parameter limit: The most to return.
  public func quarantinedEvents(limit: Int = 100) async throws -> [QuarantinedEvent] {
    try await database.withConnection { connection in
      try connection.withStatement(
        """
        SELECT event_id, type, data, reason, quarantined_at FROM events_quarantine
        ORDER BY _id LIMIT ?
        """
      ) { statement in
        try statement.bind(max(0, limit), at: 1)
        var events: [QuarantinedEvent] = []
        while try statement.step() {
          events.append(
            QuarantinedEvent(
              eventID: statement.type(at: 0) == .text ? statement.text(at: 0) : nil,
              name: statement.type(at: 1) == .text ? statement.text(at: 1) : nil,
              payload: statement.data(at: 2), reason: statement.text(at: 3) ?? "",
              quarantinedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 4))))
        }
        return events
      }
    }
  }

  /// How many appends wait for the next group commit.
  var waitingAppendCount: Int { appends.withLock { $0.waiting.count } }

  // MARK: - Private

  /// Commits `events` (and a trim to `capacity`, when given): on a file database through
  /// the group of appends waiting for the database's thread, on an in-memory one at once.
  nonisolated(nonsending) private func commit(
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
      try connection.withStatement(
        "INSERT OR IGNORE INTO events (event_id, type, time, data, attempts) VALUES (?, ?, ?, ?, ?)"
      ) { statement in
        for append in appends {
          for event in append.events {
            try statement.bind(event.id, at: 1)
            try statement.bind(event.name, at: 2)
            try statement.bind(event.timestamp.timeIntervalSinceReferenceDate, at: 3)
            try statement.bind(event.payload, at: 4)
            try statement.bind(event.attempts, at: 5)
            try statement.run()
            statement.reset()
            total? += connection.changes
          }
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
      }
      return (dropped, lastDropped)
    }
    forgetClaims(upTo: lastDropped, in: connection)
    return dropped
  }

  /// Drops the oldest events so at most `capacity` of the `total` remain, adding them to
  /// the persisted dropped count, inside the caller's transaction.
  /// - Returns: How many were dropped, and the row id of the last one dropped (0 if none).
  private static func trim(
    _ total: inout Int, toCapacity capacity: Int, in connection: SQLiteConnection
  ) throws -> (dropped: Int, last: Int64) {
    let excess = total - capacity
    guard excess > 0 else { return (0, 0) }
    let last = try connection.withStatement(
      "SELECT _id FROM events ORDER BY _id LIMIT 1 OFFSET ?"
    ) { statement -> Int64 in
      try statement.bind(excess - 1, at: 1)
      guard try statement.step() else { return 0 }
      return statement.int64(at: 0)
    }
    try connection.withStatement("DELETE FROM events WHERE _id <= ?") { statement in
      try statement.bind(last, at: 1)
      try statement.run()
    }
    let deleted = connection.changes
    try connection.withStatement(
      """
      INSERT INTO store_meta (key, value) VALUES (?, ?)
      ON CONFLICT (key) DO UPDATE SET value = value + excluded.value
      """
    ) { statement in
      try statement.bind(droppedKey, at: 1)
      try statement.bind(deleted, at: 2)
      try statement.run()
    }
    total -= deleted
    return (deleted, last)
  }

  /// Forgets the claims on rows up to `lastDropped`, which a trim deleted.
  private func forgetClaims(upTo lastDropped: Int64, in connection: SQLiteConnection) {
    guard lastDropped > 0 else { return }
    withClaims(connection) { claims in
      claims.rowIDs = claims.rowIDs.filter { $0 > lastDropped }
      claims.rowIDByEventID = claims.rowIDByEventID.filter { $0.value > lastDropped }
    }
  }

  /// Runs `body` on the claims, first forgetting them if the database was recreated.
  /// Called while the database's lock is held.
  private func withClaims<T>(
    _ connection: SQLiteConnection, _ body: (inout EventClaims) throws -> T
  ) rethrows -> T {
    try database.eventClaims.withLock { claims in
      if claims.generation != connection.generation {
        claims = EventClaims(generation: connection.generation)
      }
      return try body(&claims)
    }
  }

  private func moveToQuarantine(
    rowID: Int64, reason: String, in connection: SQLiteConnection
  ) throws {
    try connection.withStatement(
      """
      INSERT INTO events_quarantine
        (event_rowid, event_id, type, time, data, attempts, reason, quarantined_at)
      SELECT _id, event_id, type, time, data, attempts, ?, ? FROM events WHERE _id = ?
      """
    ) { statement in
      try statement.bind(reason, at: 1)
      try statement.bind(database.clock.now.timeIntervalSinceReferenceDate, at: 2)
      try statement.bind(rowID, at: 3)
      try statement.run()
    }
    try connection.withStatement("DELETE FROM events WHERE _id = ?") { statement in
      try statement.bind(rowID, at: 1)
      try statement.run()
    }
  }

  private static func decode(_ statement: SQLiteStatement) -> Decoded {
    guard statement.type(at: 1) == .text, let id = statement.text(at: 1), !id.isEmpty else {
      return .undecodable("event_id is missing")
    }
    guard statement.type(at: 2) == .text, let name = statement.text(at: 2) else {
      return .undecodable("type is missing")
    }
    let timeType = statement.type(at: 3)
    let time = statement.double(at: 3)
    guard timeType == .real || timeType == .integer, time.isFinite else {
      return .undecodable("time is not a number")
    }
    let dataType = statement.type(at: 4)
    guard dataType != .null else { return .undecodable("data is NULL") }
    guard dataType == .blob || dataType == .text, let payload = statement.data(at: 4) else {
      return .undecodable("data is not a blob")
    }
    let attempts = statement.type(at: 5) == .integer ? max(0, statement.int(at: 5)) : 0
    return .event(
      QueuedEvent(
        id: id, name: name, timestamp: Date(timeIntervalSinceReferenceDate: time),
        payload: payload, attempts: attempts))
  }
}
