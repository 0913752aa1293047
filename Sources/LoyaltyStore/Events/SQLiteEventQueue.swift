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
  private static let droppedKey = "events.dropped"

  /// One append: its events, and the capacity to trim to after it (`nil`: no trim).
  struct PendingAppend: Sendable {
    let id: UInt64
    let events: [QueuedEvent]
    let capacity: Int?
  }

  /// An append waiting for the database's thread, with the task to resume.
  ///
  /// The continuation is resumed exactly once by whoever takes the entry out of the group
  /// under its lock (the commit, the cancellation handler, or a closed database), which
  /// is why an unchecked continuation is enough (it saves an allocation per append).
  struct WaitingAppend: Sendable {
    let append: PendingAppend
    let continuation: UnsafeContinuation<Int, any Error>
  }

  /// The appends waiting for the next group commit.
  struct AppendGroup: Sendable {
    var waiting: [WaitingAppend] = []
    /// Whether a commit is queued on the database's thread and has not taken them yet.
    var scheduled = false
    var nextID: UInt64 = 0
  }

  let database: StoreDatabase
  let logger: LoyaltyLogger
  let appends = Locked(AppendGroup())

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

  /// Drops the oldest events so at most `capacity` of the `total` remain, adding them to
  /// the persisted dropped count, inside the caller's transaction.
  /// - Returns: How many were dropped, and the row id of the last one dropped (0 if none).
  static func trim(
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
}
