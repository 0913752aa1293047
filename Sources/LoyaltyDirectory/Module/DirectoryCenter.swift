public import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The merchant directory of one client, reached as `client.directory`: search offline,
/// sync on demand or on a schedule, watch a sync's progress, list the providers.
///
/// ```swift
/// let directory = try client.directory
/// _ = try await directory.sync()
/// let nearby = try await directory.search(DirectoryQuery("καφε", near: here))
/// ```
public final class DirectoryCenter: MerchantDirectory {
  /// The enabled gift-card providers (compiled in and configured), in id order.
  public let providers: [any GiftCardProviderRepository]

  private let searcher: SQLiteMerchantDirectory
  private let pool: DirectorySnapshotPool
  private let syncer: DirectorySync
  private let broadcaster = DirectoryProgressBroadcaster()
  private let clock: any LoyaltyClock
  let logger: LoyaltyLogger
  private let schedule = Locked<Task<Void, Never>?>(nil)
  /// The thread searches and syncs run their SQLite and file work on.
  let executor = BlockingExecutor(
    name: "LoyaltyDirectory",
    closedError: LoyaltyError(.clientShutDown, "The merchant directory was shut down."))

  /// Opens the directory in `folder`, serving the snapshot installed there, if any.
  /// - Parameters:
  ///   - source: Where manifests and snapshots come from.
  ///   - folder: The directory's own folder.
  ///   - configuration: Providers, full-text requirement, file writer.
  ///   - clock: The clock for the schedule and install times.
  ///   - logger: The directory's logger.
  ///   - metrics: Where each sync is counted and timed; `nil` records none.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryFullTextUnavailable`` when FTS5 is
  ///   missing and required; ``LoyaltyCore/LoyaltyError/Code/directoryWriteFailed`` when
  ///   the folder cannot be created.
  public init(
    source: any DirectorySnapshotSource, folder: URL,
    configuration: DirectoryConfiguration = DirectoryConfiguration(),
    clock: any LoyaltyClock = SystemClock(), logger: LoyaltyLogger = .disabled,
    metrics: (any MetricsRecorder)? = nil
  ) throws {
    let fullText = SQLiteLibrary.hasFullTextSearch
    if !fullText {
      if configuration.requireFullTextSearch {
        throw LoyaltyError(
          .directoryFullTextUnavailable,
          "The system SQLite (\(SQLiteLibrary.version)) has no FTS5.",
          recoverySuggestion: "Link a SQLite built with FTS5, or allow the substring scan.")
      }
      logger.warning(
        "The system SQLite (\(SQLiteLibrary.version)) has no FTS5; directory searches fall "
          + "back to a slower substring scan.")
    }
    let providers = DirectoryProviders.enabled(configuration.enabledProviders)
    let missing = (configuration.enabledProviders ?? []).subtracting(providers.map(\.id))
    if !missing.isEmpty {
      logger.warning(
        "Directory providers not compiled into this build: "
          + missing.stablySorted().map(\.rawValue).joined(separator: ", ") + ".")
    }
    let storage = DirectoryStorage(folder: folder)
    try storage.prepare()
    let pool = DirectorySnapshotPool()
    var etag: String?
    let installed = storage.installedURL()
    if let installed {
      do {
        // An index of an older layout is built again here, before any reader.
        let (info, storedETag) = try DirectoryIndexBuilder.upgrade(installed, fullText: fullText)
        pool.install(DirectorySnapshotHandle(url: installed, info: info))
        etag = storedETag
      } catch {
        logger.warning(
          "The installed directory snapshot could not be read; it is dropped: \(error)")
      }
    }
    storage.removeStale(keeping: pool.info == nil ? nil : installed)
    self.providers = providers
    self.pool = pool
    self.clock = clock
    self.logger = logger
    self.searcher = SQLiteMerchantDirectory(
      pool: pool, enabledProviders: Set(providers.map(\.id)), executor: executor)
    self.syncer = DirectorySync(
      source: source, storage: storage, pool: pool, writer: configuration.fileWriter,
      clock: clock, logger: logger, fullText: fullText, progress: broadcaster, etag: etag,
      executor: executor, metrics: metrics)
  }

  // MARK: Searching

  public func search(_ query: DirectoryQuery) async throws -> [DirectorySearchResult] {
    try await searcher.search(query)
  }

  public func merchant(id: Int) async throws -> DirectoryMerchant? {
    try await searcher.merchant(id: id)
  }

  public func snapshotInfo() async -> DirectorySnapshotInfo? {
    pool.info
  }

  /// The enabled provider with `id`, if any.
  public func provider(_ id: DirectoryProviderID) -> (any GiftCardProviderRepository)? {
    providers.first { $0.id == id }
  }

  // MARK: Syncing

  /// Checks the manifest and, when the server has a new snapshot, downloads, verifies
  /// and installs it. Joins a sync already under way.
  /// - Returns: ``DirectorySyncOutcome/notModified(_:)`` when nothing was downloaded.
  /// - Throws: A ``LoyaltyCore/LoyaltyError`` of category `directory`; the installed
  ///   snapshot keeps serving.
  @discardableResult
  public func sync() async throws -> DirectorySyncOutcome {
    try await syncer.sync()
  }

  /// A stream of every sync's progress (phase, bytes) from now on; it ends at shutdown.
  public func progressUpdates() -> AsyncStream<DirectorySyncProgress> {
    broadcaster.stream()
  }

  /// Syncs every `interval` seconds on the client's clock, replacing any schedule; a
  /// failed sync is logged and the next one tries again.
  public func startSchedule(every interval: TimeInterval) {
    let clock = clock
    let logger = logger
    let syncer = syncer
    let task = Task {
      while !Task.isCancelled {
        do {
          try await clock.sleep(for: max(1, interval))
        } catch {
          return
        }
        do {
          _ = try await syncer.sync()
        } catch {
          logger.debug("A scheduled directory sync failed: \(error)")
        }
      }
    }
    schedule.withLock { current in
      current?.cancel()
      current = task
    }
  }

  /// Stops the schedule, if any.
  public func stopSchedule() {
    schedule.withLock { current in
      current?.cancel()
      current = nil
    }
  }

  /// Stops the schedule, ends the progress streams and closes the snapshot (readers
  /// still running finish first). The installed snapshot stays on disk.
  public func shutdown() {
    stopSchedule()
    broadcaster.finish()
    executor.shutdown()
    pool.close()
  }
}
