public import LoyaltyCore

/// The LoyaltyStore module: a SQLite database behind the token store, the key-value
/// store, the analytics event queue and the points of interest.
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [SecurityModule(), StoreModule()])
/// let tokens = try client.resolve(.tokenStore)  // SQLiteTokenStore, encrypted at rest
/// ```
///
/// The database is opened, checked (a corrupt file is moved aside and replaced) and
/// migrated in ``start(_:)``, so a failure there fails the client's start; it is
/// closed in ``shutdown(_:)``. Tokens are encrypted when a field cipher is registered
/// and `database.encryptionEnabled` is set; a ``DatabaseRecovered`` event goes to the
/// event sink when one is registered.
///
/// A module value belongs to one running client at a time.
public struct StoreModule: LoyaltyModule {
  /// Where the database lives.
  public let location: StoreLocation
  private let state = StoreModuleState()

  /// Creates the module.
  /// - Parameter location: Where the database lives; by default
  ///   `LoyaltyCache_<bundleID>.db` in the configuration's data directory.
  public init(location: StoreLocation = .file) {
    self.location = location
  }

  /// `LoyaltyStore.StoreModule`.
  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyStore", name: "StoreModule")
  }

  /// The token store, the key-value store, the event queue and the database.
  public var provides: [AnyCapabilityKey] {
    [
      CapabilityKey.tokenStore.erased, CapabilityKey.keyValueStore.erased,
      CapabilityKey.eventQueue.erased, CapabilityKey.storeDatabase.erased,
    ]
  }

  /// A field cipher (tokens at rest) and the clock. The event sink (recovery events) is
  /// used too, but posting needs no start order, so it is not listed: that lets the
  /// events module, which keeps its queue here, start after this one and stop before it.
  public var optionallyUses: [AnyCapabilityKey] {
    [CapabilityKey.fieldCipher.erased, CapabilityKey.clock.erased]
  }

  /// Registers the store's factories; each resolves the database opened in ``start(_:)``.
  public func register(in registrar: CapabilityRegistrar) throws {
    let state = state
    registrar.provide(.storeDatabase) { _ in try state.running() }
    registrar.provide(.tokenStore) { capabilities -> any TokenStore in
      SQLiteTokenStore(
        database: try state.running(),
        cipher: try capabilities.resolveIfPresent(.fieldCipher),
        clock: try capabilities.resolveIfPresent(.clock),
        logger: capabilities.logger(label: "LoyaltyStore"))
    }
    registrar.provide(.keyValueStore) { _ -> any KeyValueStore in
      SQLiteKeyValueStore(database: try state.running())
    }
    registrar.provide(.eventQueue) { capabilities -> any EventQueue in
      SQLiteEventQueue(
        database: try state.running(), logger: capabilities.logger(label: "LoyaltyStore"))
    }
  }

  /// Opens, checks and migrates the database.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseOpenFailed``,
  ///   ``LoyaltyCore/LoyaltyError/Code/databaseTooNew``,
  ///   ``LoyaltyCore/LoyaltyError/Code/migrationFailed``, or what resolving the clock or
  ///   the event sink throws.
  public func start(_ context: ModuleContext) async throws {
    let capabilities = context.capabilities
    let database = try StoreDatabase(
      location: location,
      configuration: context.configuration,
      clock: try capabilities.resolveIfPresent(.clock) ?? SystemClock(),
      logger: capabilities.logger(label: "LoyaltyStore"),
      eventSink: try capabilities.resolveIfPresent(.eventSink))
    do {
      try state.install(database)
    } catch {
      database.close()
      throw error
    }
    if let url = database.fileURL {
      context.logger.debug("Opened the database at \(url.path).")
    }
  }

  /// Closes the database: finalizes every statement and closes the file.
  public func shutdown(_ context: ModuleContext) async {
    state.remove()?.close()
  }
}
