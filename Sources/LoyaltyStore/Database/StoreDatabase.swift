public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The LoyaltyStore SQLite database: opened, checked, migrated, and shared by the
/// token store, the key-value store, the event queue and the POI store.
///
/// Opening it:
/// - creates the file's directory when missing;
/// - moves a corrupt, truncated or emptied file aside as `<name>.corrupt-<UTC timestamp>`
///   (with its `-wal` and `-shm`), creates a fresh database, logs a warning, posts
///   ``DatabaseRecovered`` and keeps the report in ``recovery``;
/// - refuses a database written by a newer schema with
///   ``LoyaltyCore/LoyaltyError/Code/databaseTooNew``, leaving the file untouched;
/// - sets WAL mode, `synchronous=FULL` (a committed write survives kill -9), the
///   cache size and the busy timeout from ``LoyaltyCore/DatabaseConfiguration``;
/// - applies the schema's migrations, each in one transaction.
///
/// Every statement of a file database runs on the database's own thread, never on
/// Swift's cooperative thread pool: an operation queues its SQLite work there and suspends the calling
/// task until it is done, so a `synchronous=FULL` commit's `fsync`, a busy timeout, an
/// integrity check or a `VACUUM` blocks that thread only. The work runs one piece at a
/// time, in the order it was queued, so statements never run concurrently and a
/// transaction never interleaves with another. A task cancelled while its work is
/// still queued gets `CancellationError` and nothing is written; work that has started
/// finishes. An in-memory database has no thread: its statements do no I/O, so they
/// run on the calling task, one at a time under the lock.
/// ``close()`` lets the queued work finish, finalizes every statement, closes the file
/// and ends the thread; afterwards every operation throws
/// ``LoyaltyCore/LoyaltyError/Code/databaseClosed``.
///
/// The conformance to `Sendable` is unchecked because the class holds the
/// connection, which is not thread-safe, in a `var`. It is safe because every read
/// and write of `connection`, and every use of the connection, happens while `lock`
/// is held: `withLockedConnection(_:)`, `replaceConnection(_:)`, ``close()`` and
/// ``isOpen`` take the lock, and no code in the module keeps the connection it is
/// handed. Everything else the class stores is an immutable `Sendable` value, a
/// `Locked` value or the executor.
// Safe to share: every use of the non-thread-safe connection happens under `lock`.
public final class StoreDatabase: @unchecked Sendable {
  /// The configuration the database was opened with.
  public let configuration: LoyaltyConfiguration
  /// The database file, or `nil` for an in-memory database.
  public let fileURL: URL?
  /// The report of the corrupt file moved aside when this database was opened, or
  /// `nil` when the file was sound.
  public let recovery: DatabaseRecovery?

  let clock: any LoyaltyClock
  let logger: LoyaltyLogger
  let migrator: SQLiteMigrator
  /// Whether the `pois_rtree` index exists (see `POIIndex`); detected at open.
  let hasPOIIndex: Bool
  private let checksIntegrityAtOpen: Bool
  /// The event queue's claims, shared by every queue on this database.
  let eventClaims = Locked(EventClaims())
  /// What the import of the seed SDK's database did when the module started.
  let seedImportResult = Locked<SeedImportReport?>(nil)
  private let lock = RecursiveLock()
  /// The thread every statement runs on, for a file database; `nil` for an in-memory
  /// one, whose statements do no I/O and run on the calling task.
  let executor: BlockingExecutor?
  private var connection: SQLiteConnection?
  private let currentGeneration: Locked<UInt64>

  /// Opens, checks and migrates the database at `location`.
  /// - Parameters:
  ///   - location: Where the database lives.
  ///   - configuration: The client's configuration: `database` sets the file's
  ///     behaviour, `bundleID` and `dataDirectory` name the default file.
  ///   - clock: The source of time for recorded dates.
  ///   - logger: Where warnings go, such as a recovered file.
  ///   - eventSink: Receives ``DatabaseRecovered`` when a corrupt file was replaced.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed``,
  ///   ``LoyaltyCore/LoyaltyError/Code/databaseTooNew`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/migrationFailed``.
  public convenience init(
    location: StoreLocation,
    configuration: LoyaltyConfiguration,
    clock: any LoyaltyClock = SystemClock(),
    logger: LoyaltyLogger = .disabled,
    eventSink: (any EventSink)? = nil
  ) throws {
    try self.init(
      location: location, configuration: configuration, clock: clock, logger: logger,
      eventSink: eventSink, migrations: StoreSchema.migrations)
  }

  /// Opens, checks and migrates the database at `location` on the database's own
  /// thread, so the integrity check and the migrations do not block the caller's.
  /// - Parameters:
  ///   - location: Where the database lives.
  ///   - configuration: The client's configuration: `database` sets the file's
  ///     behaviour, `bundleID` and `dataDirectory` name the default file.
  ///   - clock: The source of time for recorded dates.
  ///   - logger: Where warnings go, such as a recovered file.
  ///   - eventSink: Receives ``DatabaseRecovered`` when a corrupt file was replaced.
  /// - Returns: The open database.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed``,
  ///   ``LoyaltyCore/LoyaltyError/Code/databaseTooNew``,
  ///   ``LoyaltyCore/LoyaltyError/Code/migrationFailed``, or `CancellationError` when the
  ///   task was cancelled before the opening started.
  public static func open(
    location: StoreLocation,
    configuration: LoyaltyConfiguration,
    clock: any LoyaltyClock = SystemClock(),
    logger: LoyaltyLogger = .disabled,
    eventSink: (any EventSink)? = nil
  ) async throws -> StoreDatabase {
    guard location.fileURL(for: configuration) != nil else {
      return try StoreDatabase(
        location: location, configuration: configuration, clock: clock, logger: logger,
        eventSink: eventSink, migrations: StoreSchema.migrations)
    }
    let executor = makeExecutor()
    return try await executor.run {
      try StoreDatabase(
        location: location, configuration: configuration, clock: clock, logger: logger,
        eventSink: eventSink, migrations: StoreSchema.migrations, executor: executor)
    }
  }

  /// A new thread for one database's statements.
  static func makeExecutor() -> BlockingExecutor {
    BlockingExecutor(
      name: "LoyaltyStore",
      closedError: LoyaltyError(
        .databaseClosed, "The LoyaltyStore database is closed.",
        recoverySuggestion: "Start a new client, or open the database again."))
  }

  /// Opens the database with an explicit list of migration steps, for tests.
  init(
    location: StoreLocation,
    configuration: LoyaltyConfiguration,
    clock: any LoyaltyClock = SystemClock(),
    logger: LoyaltyLogger = .disabled,
    eventSink: (any EventSink)? = nil,
    migrations: [SQLiteMigration],
    checksIntegrityAtOpen: Bool = true,
    executor: BlockingExecutor? = nil
  ) throws {
    let fileURL = location.fileURL(for: configuration)
    self.executor = executor ?? (fileURL == nil ? nil : Self.makeExecutor())
    self.configuration = configuration
    self.fileURL = fileURL
    self.clock = clock
    self.logger = logger
    self.migrator = try SQLiteMigrator(migrations)
    self.checksIntegrityAtOpen = checksIntegrityAtOpen
    let opener = DatabaseOpener(
      url: fileURL, settings: configuration.database, migrator: migrator, clock: clock,
      checksIntegrity: checksIntegrityAtOpen)
    let (connection, recovery) = try opener.open()
    self.recovery = recovery
    self.connection = connection
    self.currentGeneration = Locked(connection.generation)
    self.hasPOIIndex = (try? POIIndex.exists(in: connection)) ?? false
    if !hasPOIIndex {
      logger.warning(
        "The SQLite library has no R*Tree module: points of interest are queried through "
          + "the latitude and longitude index (slower with many points).")
    }
    if let recovery {
      logger.warning(
        recovery.description,
        metadata: [
          "file": recovery.fileURL.path, "movedTo": recovery.movedTo.path,
          "reason": recovery.reason,
        ])
      eventSink?.post(DatabaseRecovered(recovery: recovery))
    }
  }

  /// Whether the database is open.
  public var isOpen: Bool { lock.withLock { connection?.isOpen ?? false } }

  /// The schema version the database is at.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/queryFailed``.
  public func schemaVersion() async throws -> Int {
    try await withConnection { [migrator] in try migrator.appliedVersion(in: $0) }
  }

  /// Lets the queued work finish, finalizes every statement, closes the database and
  /// ends its thread, waiting for all of that. Closing twice does nothing.
  public func close() {
    executor?.shutdown()
    closeConnection()
  }

  /// Closes the database like ``close()``, but runs the closing on the database's
  /// thread and suspends instead of blocking the caller's thread while queued work
  /// finishes. An in-memory database has no thread: its statements do no I/O, so they
  /// run on the calling task, one at a time under the lock.
  func closeSuspending() async {
    _ = try? await executor?.run { [self] in closeConnection() }
    close()
  }

  private func closeConnection() {
    lock.withLock {
      connection?.close()
      connection = nil
    }
  }

  // MARK: - Access

  /// Identifies the current connection; it changes when the database is recreated,
  /// which invalidates anything cached by row id.
  var generation: UInt64 { currentGeneration.withLock { $0 } }

  /// Runs `body` with the connection on the database's thread, outside any
  /// transaction, and suspends the calling task until it returns.
  ///
  /// Compiled once for every `T`, not once per result type: a call per database operation.
  ///
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed``, `CancellationError`
  ///   when the task was cancelled before `body` started, or what `body` throws.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (SQLiteConnection) throws -> T
  ) async throws -> T {
    try await perform { [self] in try withLockedConnection(body) }
  }

  /// Runs `body` on the database's thread, or on the calling task for an in-memory
  /// database; either way a task already cancelled gets `CancellationError` and `body`
  /// does not run.
  ///
  /// Compiled once for every `T`, not once per result type: a call per database operation.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    guard let executor else {
      try Task.checkCancellation()
      return try body()
    }
    return try await executor.run(body)
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction on the database's thread: it
  /// commits when `body` returns and rolls back when it throws.
  func write<T: Sendable>(
    _ body: @escaping @Sendable (SQLiteConnection) throws -> T
  ) async throws -> T {
    try await withConnection { connection in
      try connection.transaction { try body(connection) }
    }
  }

  /// Runs `body` with the connection on the calling thread, holding the lock: for work
  /// already running on the database's thread, and for opening.
  ///
  /// Compiled once for every `T`, not once per result type: a call per database operation.
  ///
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed``, or what `body` throws.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func withLockedConnection<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try lock.withLock {
      guard let connection, connection.isOpen else {
        throw LoyaltyError(
          .databaseClosed, "The LoyaltyStore database is closed.",
          recoverySuggestion: "Start a new client, or open the database again.")
      }
      return try body(connection)
    }
  }

  /// Closes the current connection, lets `body` deal with the files, and installs the
  /// connection it returns, on the database's thread, holding the lock throughout.
  func replaceConnection(
    _ body: @escaping @Sendable (URL?) throws -> SQLiteConnection
  ) async throws {
    try await perform { [self] in
      try lock.withLock {
        guard let current = connection, current.isOpen else {
          throw LoyaltyError(.databaseClosed, "The LoyaltyStore database is closed.")
        }
        current.close()
        connection = nil
        let fresh = try body(fileURL)
        connection = fresh
        currentGeneration.withLock { $0 = fresh.generation }
      }
    }
  }

  /// An opener with this database's settings, for recreating it.
  func makeOpener() -> DatabaseOpener {
    DatabaseOpener(
      url: fileURL, settings: configuration.database, migrator: migrator, clock: clock,
      checksIntegrity: checksIntegrityAtOpen)
  }
}
