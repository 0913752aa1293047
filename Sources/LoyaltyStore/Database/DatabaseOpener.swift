import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a database file the way ``StoreDatabase`` needs it: checked, recovered when
/// corrupt, configured and migrated.
struct DatabaseOpener {
  /// The file, or `nil` for an in-memory database.
  let url: URL?
  /// WAL mode, cache size, busy timeout.
  let settings: DatabaseConfiguration
  /// The schema's steps.
  let migrator: SQLiteMigrator
  /// Dates recorded in the schema and in recovery reports.
  let clock: any LoyaltyClock
  /// Whether `PRAGMA quick_check` runs before the file is used.
  let checksIntegrity: Bool

  private static let generations = Locked<UInt64>(0)

  /// Suffixes of the files SQLite keeps beside a database.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// Opens the database, replacing a corrupt file with a fresh one.
  /// - Returns: The open connection and, when the file was replaced, the report.
  func open() throws -> (SQLiteConnection, DatabaseRecovery?) {
    guard let url else {
      return (try openFresh(), nil)
    }
    try createDirectory(for: url)
    do {
      try checkLength(of: url)
      let connection = try SQLiteConnection(url: url, generation: Self.nextGeneration())
      do {
        try check(connection)
        try prepare(connection)
      } catch {
        connection.close()
        throw error
      }
      return (connection, nil)
    } catch let error as LoyaltyError where SQLiteFailure.isCorruption(error) {
      let recovery = try moveAside(url, because: error)
      let connection = try SQLiteConnection(url: url, generation: Self.nextGeneration())
      try prepare(connection)
      return (connection, recovery)
    }
  }

  /// Deletes the database's files, if any, and creates a fresh database.
  func openFresh() throws -> SQLiteConnection {
    if let url {
      try createDirectory(for: url)
      try removeFiles(of: url)
    }
    let connection = try SQLiteConnection(url: url, generation: Self.nextGeneration())
    try prepare(connection)
    return connection
  }

  // MARK: - Steps

  /// Fails with ``LoyaltyCore/LoyaltyError/Code/databaseCorrupt`` when the file exists
  /// but is too short for SQLite to see that it is no database. SQLite takes an empty
  /// file, and a 1-byte one (its Unix VFS reports one byte as none), for a new
  /// database: it would overwrite it and delete a `-wal` beside it unnoticed, so this
  /// runs before SQLite opens the file. A file that does not exist yet is a new database
  /// and passes; from 2 bytes on, SQLite rejects a file that is no database itself.
  private func checkLength(of url: URL) throws {
    var status = stat()
    guard stat(url.path, &status) == 0, status.st_size < 2,
      status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG)
    else { return }
    let what = status.st_size == 0 ? "was empty (0 bytes)" : "held a single byte"
    throw LoyaltyError(
      .databaseCorrupt, "The database file \(what), where a database was expected.",
      metadata: ["bytes": String(status.st_size)])
  }

  /// Reads the file: fails with a corruption code when it is not a sound database.
  private func check(_ connection: SQLiteConnection) throws {
    try connection.setBusyTimeout(seconds: settings.busyTimeout)
    do {
      _ = try connection.scalarInt("SELECT COUNT(*) FROM sqlite_master")
    } catch let error as LoyaltyError where !SQLiteFailure.isCorruption(error) {
      // SQLite opens files lazily: a file it cannot read fails here, not at open.
      throw LoyaltyError(
        .databaseOpenFailed, "The database file could not be read: \(error.message)",
        metadata: error.metadata)
    }
    guard checksIntegrity else { return }
    let problems = try connection.textColumn("PRAGMA quick_check")
    guard problems != ["ok"] else { return }
    throw SQLiteFailure.corruption(
      "The integrity check failed: " + problems.prefix(3).joined(separator: "; "))
  }

  /// Refuses a newer schema, configures the connection and migrates it.
  private func prepare(_ connection: SQLiteConnection) throws {
    try connection.setBusyTimeout(seconds: settings.busyTimeout)
    // Reads only: a database too new for this code must stay byte for byte as it was,
    // so this runs before anything that could write, even the journal mode.
    try migrator.checkVersion(of: connection)
    try restrictPermissions()
    try configure(connection)
    try migrator.migrate(connection, now: clock.now)
  }

  /// Makes the database file readable and writable by its owner only. A file the
  /// connection created already is (``OwnerOnlyFile``); this tightens one an older
  /// version or another program created. SQLite gives the `-wal` and `-shm` files it
  /// creates later the same permissions.
  private func restrictPermissions() throws {
    guard let url, FileManager.default.fileExists(atPath: url.path) else { return }
    do {
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    } catch {
      throw LoyaltyError(
        .databaseOpenFailed, "The database file's permissions could not be restricted.",
        metadata: ["file": url.lastPathComponent], underlying: error)
    }
  }

  /// Journal mode, durability, cache size. Pragma arguments cannot be bound; the only
  /// value written into SQL here is the configured cache size, an integer.
  private func configure(_ connection: SQLiteConnection) throws {
    if url != nil {
      let mode = settings.walMode ? "WAL" : "DELETE"
      _ = try connection.textColumn("PRAGMA journal_mode = \(mode)")
    }
    try connection.execute("PRAGMA synchronous = FULL")
    let cacheKiB = min(max(settings.cacheSizeKiB, 64), 1_048_576)
    try connection.execute("PRAGMA cache_size = -\(cacheKiB)")
    // Zeroes every deleted row, also where that costs a write (a page that goes to the
    // free list): what the user had deleted (queued events, tokens, positions) must not
    // linger in the file's free pages. `FAST` left whole deleted pages as they were.
    _ = try connection.textColumn("PRAGMA secure_delete = ON")
  }

  // MARK: - Files

  private func createDirectory(for url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw LoyaltyError(
        .databaseOpenFailed, "The database directory could not be created.",
        metadata: ["directory": directory.path], underlying: error)
    }
  }

  private func removeFiles(of url: URL) throws {
    let manager = FileManager.default
    for path in [url.path] + Self.companionSuffixes.map({ url.path + $0 })
    where manager.fileExists(atPath: path) {
      do {
        try manager.removeItem(atPath: path)
      } catch {
        throw LoyaltyError(
          .databaseOpenFailed, "A database file could not be removed.",
          metadata: ["file": path], underlying: error)
      }
    }
  }

  /// Moves the database and its companions to `<name>.corrupt-<UTC timestamp>`.
  private func moveAside(_ url: URL, because error: LoyaltyError) throws -> DatabaseRecovery {
    let manager = FileManager.default
    let date = clock.now
    let stamp = date.formatted(
      Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
        timeZone: .gmt))
    var target = url.path + ".corrupt-" + stamp
    var attempt = 1
    while ([""] + Self.companionSuffixes).contains(where: {
      manager.fileExists(atPath: target + $0)
    }) {
      attempt += 1
      target = url.path + ".corrupt-\(stamp)-\(attempt)"
    }
    var moved: [URL] = []
    for suffix in [""] + Self.companionSuffixes where manager.fileExists(atPath: url.path + suffix)
    {
      do {
        try manager.moveItem(atPath: url.path + suffix, toPath: target + suffix)
        moved.append(URL(fileURLWithPath: target + suffix))
      } catch {
        throw LoyaltyError(
          .databaseOpenFailed,
          "The database file is corrupt and could not be moved aside.",
          metadata: ["file": url.path + suffix], underlying: error)
      }
    }
    return DatabaseRecovery(
      fileURL: url, movedTo: URL(fileURLWithPath: target), movedFiles: moved,
      reason: error.message,
      sqliteCode: error.metadata[SQLiteFailure.codeKey].flatMap { Int($0) },
      date: date)
  }

  private static func nextGeneration() -> UInt64 {
    generations.withLock { value in
      value &+= 1
      return value
    }
  }
}
