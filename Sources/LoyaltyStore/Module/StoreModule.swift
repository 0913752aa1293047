public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The LoyaltyStore module: a SQLite database behind the token store, the key-value
/// store, the analytics event queue, the market's cache of answers and the points of
/// interest (with an R*Tree index).
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [SecurityModule(), StoreModule()])
/// let tokens = try client.resolve(.tokenStore)  // SQLiteTokenStore, encrypted at rest
/// ```
///
/// The database is opened, checked (a corrupt file is moved aside and replaced) and
/// migrated in ``start(_:)``, so a failure there fails the client's start; it is
/// closed in ``shutdown(_:context:)``. Tokens and cached answers are encrypted when a field
/// cipher is registered and `database.encryptionEnabled` is set; a ``DatabaseRecovered``
/// event goes to the event sink when one is registered.
///
/// Each client that lists the module opens a database of its own: with the same file
/// location, two clients are two connections to one file.
public struct StoreModule: LoyaltyModule {
  /// Where the database lives.
  public let location: StoreLocation
  /// The import of the seed SDK's database run at start, or `nil` for none.
  public let seedImport: SeedImport?

  /// Creates the module.
  /// - Parameters:
  ///   - location: Where the database lives; by default `LoyaltyCache_<bundleID>.db` in
  ///     the configuration's data directory.
  ///   - seedImport: Imports the seed SDK's tokens and queued events once, right after
  ///     the database is opened and migrated (see ``SeedImport``); `nil` imports nothing.
  public init(location: StoreLocation = .file, seedImport: SeedImport? = nil) {
    self.location = location
    self.seedImport = seedImport
  }

  /// `LoyaltyStore.StoreModule`.
  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyStore", name: "StoreModule")
  }

  /// A field cipher (tokens and cached answers at rest) and the clock. The event sink
  /// (recovery events) is used too, but posting needs no start order, so it is not
  /// listed: that lets the events module, which keeps its queue here, start after this
  /// one and stop before it.
  public var optionallyUses: [AnyCapabilityKey] {
    [CapabilityKey.fieldCipher.erased, CapabilityKey.clock.erased]
  }

  /// Provides the token store, the key-value store, the privacy store, the
  /// point-of-interest store, the event queue, the market cache
  /// (``SQLiteMarketCache``) and the database, each on the database this client opened
  /// in ``start(_:)``.
  public func register(in registrar: CapabilityRegistrar<StoreDatabase>) throws {
    registrar.provide(.storeDatabase) { database, _ in database }
    registrar.provide(.tokenStore) { database, capabilities -> any TokenStore in
      SQLiteTokenStore(
        database: database,
        cipher: try capabilities.resolveIfPresent(.fieldCipher),
        clock: try capabilities.resolveIfPresent(.clock),
        logger: capabilities.logger(label: "LoyaltyStore"))
    }
    registrar.provide(.keyValueStore) { database, _ -> any KeyValueStore in
      SQLiteKeyValueStore(database: database)
    }
    registrar.provide(.privacyStore) { database, _ -> any PrivacyStore in
      SQLitePrivacyStore(database: database)
    }
    registrar.provide(.pointOfInterestStore) { database, _ -> any PointOfInterestStore in
      SQLitePOIStore(database: database)
    }
    registrar.provide(.eventQueue) { database, capabilities -> any EventQueue in
      SQLiteEventQueue(
        database: database, logger: capabilities.logger(label: "LoyaltyStore"))
    }
    registrar.provide(.marketCache) { database, capabilities -> any MarketCache in
      SQLiteMarketCache(
        database: database,
        cipher: try capabilities.resolveIfPresent(.fieldCipher),
        logger: capabilities.logger(label: "LoyaltyStore"))
    }
  }

  /// Opens, checks and migrates the database, then runs the ``seedImport`` (which never
  /// fails the start: see ``StoreDatabase/seedImportReport``).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed``,
  ///   ``LoyaltyCore/LoyaltyError/Code/databaseTooNew``,
  ///   ``LoyaltyCore/LoyaltyError/Code/migrationFailed``, or what resolving the clock or
  ///   the event sink throws.
  public func start(_ context: ModuleContext) async throws -> StoreDatabase {
    let capabilities = context.capabilities
    let database = try await StoreDatabase.open(
      location: location,
      configuration: context.configuration,
      clock: try capabilities.resolveIfPresent(.clock) ?? SystemClock(),
      logger: capabilities.logger(label: "LoyaltyStore"),
      eventSink: try capabilities.resolveIfPresent(.eventSink))
    if let url = database.fileURL {
      context.logger.debug("Opened the database at \(url.path).")
    }
    if let seedImport {
      await database.importSeed(
        seedImport, fieldCipher: (try? capabilities.resolveIfPresent(.fieldCipher)) ?? nil,
        logger: capabilities.logger(label: "LoyaltyStore"))
    }
    return database
  }

  /// Once every module has started (and added what it deletes when the user turns a
  /// privacy feature off), adds the last step of each such change: a checkpoint that
  /// truncates the write-ahead log, so the log's copies of the deleted rows are gone from
  /// the disk too (`secure_delete` overwrites them in the database file itself).
  public func clientDidStart(_ database: StoreDatabase, context: ModuleContext) async {
    guard let privacy = try? context.capabilities.resolve(.privacy) else { return }
    let logger = context.logger
    privacy.addObserver { [weak database] change in
      guard let database, !change.disabled.isEmpty else { return }
      do {
        try await database.checkpoint()
      } catch {
        logger.error("The write-ahead log could not be truncated: \(error)")
      }
    }
  }

  /// The database file, its `-wal`, `-shm` and `-journal`, and the copies of a corrupt
  /// file moved aside (`<name>.corrupt-<time>`): ``LoyaltyCore/LoyaltyClient/eraseAllData()``
  /// deletes them. Nothing for an in-memory database.
  public func dataLocations(_ context: ModuleContext) -> [URL] {
    guard let file = location.fileURL(for: context.configuration) else { return [] }
    let folder = file.deletingLastPathComponent()
    let name = file.lastPathComponent
    let movedAside = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix(name + ".corrupt-") }.stablySorted()
      .map { folder.appendingPathComponent($0) }
    return [file] + DatabaseOpener.companionSuffixes.map { URL(fileURLWithPath: file.path + $0) }
      + movedAside
  }

  /// Closes this client's database: lets queued work finish, finalizes every statement,
  /// closes the file and ends the database's thread.
  public func shutdown(_ database: StoreDatabase, context: ModuleContext) async {
    await database.closeSuspending()
  }
}

extension LoyaltyClient {
  /// The client's database: points of interest, maintenance (integrity check, vacuum,
  /// statistics, recreate) and the report of a recovered file. The stores on it are
  /// capabilities: `resolve(.tokenStore)`, `resolve(.keyValueStore)`,
  /// `resolve(.eventQueue)`, `resolve(.marketCache)`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyStore/StoreModule`` is not listed.
  public var store: StoreDatabase {
    get throws { try resolve(.storeDatabase) }
  }
}
