/// A running SDK instance: the modules a host listed, started, and what they started.
///
/// Create one with ``start(_:modules:overrides:)``; several clients can live in one
/// process (a server may hold one per tenant) and share nothing, even when they were
/// started from the same module values.
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration,
///   modules: [MarketModule(), NetworkModule(transport: .urlSession), StoreModule()])
/// let campaigns = try await client.market.campaigns()
/// await client.shutdown()
/// ```
///
/// Each product adds one accessor for its service (`client.network`, `client.store`,
/// `client.events`, `client.analytics`, `client.push`, `client.market`); it throws an
/// error naming the module to add when that module is not listed. ``resolve(_:)`` reaches
/// the capabilities a host swaps (`.tokenStore`, `.httpTransport`, ...) and those a host
/// defines itself.
public final class LoyaltyClient: Sendable {
  /// The configuration the client started with.
  public let configuration: LoyaltyConfiguration
  /// The modules, in the order they started.
  public let modules: [ModuleIdentifier]
  /// The client's logger, labelled `LoyaltyCore`.
  public let logger: LoyaltyLogger

  @usableFromInline let capabilities: Capabilities
  let registered: [RegisteredModule]
  @usableFromInline let running = Locked(true)

  private init(
    configuration: LoyaltyConfiguration,
    capabilities: Capabilities,
    modules: [RegisteredModule]
  ) {
    self.configuration = configuration
    self.capabilities = capabilities
    self.registered = modules
    self.modules = modules.map(\.identifier)
    self.logger = capabilities.logger(label: "LoyaltyCore")
  }

  /// Validates the configuration, registers every module for this client, checks the
  /// module graph, and starts the modules, providers first.
  ///
  /// - Parameters:
  ///   - configuration: The client's configuration; it is validated first.
  ///   - modules: The modules to start, in any order. The values are descriptions: the
  ///     same ones may start any number of clients.
  ///   - overrides: Capabilities the host supplies itself; they replace what modules or
  ///     Core would provide.
  /// - Returns: A running client.
  /// - Throws: A ``LoyaltyError``: a configuration code; ``LoyaltyError/Code/duplicateModule``,
  ///   ``LoyaltyError/Code/duplicateCapability``, ``LoyaltyError/Code/missingRequirement``
  ///   (naming the product to add), ``LoyaltyError/Code/dependencyCycle``; or
  ///   ``LoyaltyError/Code/moduleStartFailed`` naming the module, after every module
  ///   already started has been shut down in reverse order.
  public static func start(
    _ configuration: LoyaltyConfiguration,
    modules: [any LoyaltyModule],
    overrides: CapabilityOverrides = CapabilityOverrides()
  ) async throws -> LoyaltyClient {
    try configuration.validate()

    // A few keys each: scanning the lists costs less than a set's code.
    var overridden: [AnyCapabilityKey] = []
    for registration in overrides.registrations {
      guard !overridden.contains(registration.key) else {
        throw LoyaltyError(
          .duplicateCapability,
          "\(registration.key.name) is overridden twice. Override each capability once.",
          metadata: ["capability": registration.key.name])
      }
      overridden.append(registration.key)
    }

    let defaults = coreDefaults()
    let graph = try ModuleGraph(
      modules: try modules.map { try RegisteredModule($0) },
      available: defaults.map(\.key) + overridden)

    // Later registrations replace earlier ones: modules replace Core's defaults, and
    // overrides replace both.
    let registrations = defaults + graph.ordered.flatMap(\.registrations) + overrides.registrations
    let capabilities = Capabilities(configuration: configuration, registrations: registrations)
    let client = LoyaltyClient(
      configuration: configuration, capabilities: capabilities, modules: graph.ordered)
    try await client.startModules()
    return client
  }

  /// Whether ``shutdown()`` has not been called yet.
  @inlinable public var isRunning: Bool { running.withLock { $0 } }

  /// Resolves a capability: one a host swaps (`.tokenStore`, `.httpTransport`,
  /// `.clock`, ...) or one a host's own module provides. Products' services have
  /// accessors of their own (`client.network`, `client.market`, ...).
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``,
  ///   ``LoyaltyError/Code/capabilityUnavailable`` naming what to add when nothing
  ///   provides it, ``LoyaltyError/Code/capabilityCreationFailed`` when its factory fails.
  @inlinable
  public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
    try ensureRunning()
    return try capabilities.resolve(key)
  }

  /// Resolves a capability if something provides it.
  @inlinable
  public func resolveIfPresent<Value>(_ key: CapabilityKey<Value>) throws -> Value? {
    try ensureRunning()
    return try capabilities.resolveIfPresent(key)
  }

  /// Who provides `key`: a module, an override or Core's default; `nil` when nothing does.
  public func source<Value>(of key: CapabilityKey<Value>) -> CapabilitySource? {
    capabilities.source(of: key)
  }

  /// Every registered capability and who provides it, sorted by name.
  public var registeredCapabilities: [(key: AnyCapabilityKey, source: CapabilitySource)] {
    capabilities.registered
  }

  /// A logger for `label` that writes to the client's log handler at the configured
  /// level, with the configured secrets masked.
  public func logger(label: String) -> LoyaltyLogger {
    capabilities.logger(label: label)
  }

  /// Shuts every module down, in the reverse of the start order, then lets go of every
  /// capability the client created. Every stream the client handed out ends. Calling it
  /// again does nothing.
  public func shutdown() async {
    let wasRunning = running.withLock { running in
      defer { running = false }
      return running
    }
    guard wasRunning else { return }
    await shutdown(registered[...])
    capabilities.close()
    logger.info("Client shut down.")
  }

  /// Throws ``LoyaltyError/Code/clientShutDown`` when the client has been shut down.
  @inlinable
  public func ensureRunning() throws {
    guard isRunning else { throw Self.shutDownError() }
  }

  @usableFromInline
  static func shutDownError() -> LoyaltyError {
    LoyaltyError(
      .clientShutDown, "The client has been shut down. Start a new client to continue.")
  }

  // MARK: - Start-up

  private func startModules() async throws {
    for (index, module) in registered.enumerated() {
      let context = context(for: module)
      do {
        try await module.start(context)
        context.logger.debug("Started \(module.identifier.name).")
      } catch {
        context.logger.error("\(module.identifier.name) failed to start: \(error)")
        running.withLock { $0 = false }
        await shutdown(registered[..<index])
        capabilities.close()
        throw LoyaltyError(
          .moduleStartFailed,
          "\(module.identifier.name) (\(module.identifier.product)) failed to start; the "
            + "modules started before it were shut down.",
          metadata: ["module": module.identifier.description],
          underlying: error)
      }
    }
    for module in registered {
      await module.didStartClient(context(for: module))
    }
    logger.info(
      "Client started with \(registered.count) module\(registered.count == 1 ? "" : "s"): "
        + registered.map(\.identifier.name).joined(separator: ", ") + ".")
  }

  private func shutdown(_ modules: ArraySlice<RegisteredModule>) async {
    for module in modules.reversed() {
      let context = context(for: module)
      await module.shutdown(context)
      context.logger.debug("Shut down \(module.identifier.name).")
    }
  }

  func context(for module: RegisteredModule) -> ModuleContext {
    ModuleContext(
      module: module.identifier,
      configuration: configuration,
      capabilities: capabilities,
      logger: capabilities.logger(label: module.identifier.product))
  }

  private static func coreDefaults() -> [CapabilityRegistration] {
    [
      CapabilityRegistration(.clock, source: .coreDefault) { _ in SystemClock() },
      CapabilityRegistration(.logHandler, source: .coreDefault) { _ in
        StandardErrorLogHandler()
      },
      CapabilityRegistration(.tokenStore, source: .coreDefault) { _ in InMemoryTokenStore() },
      CapabilityRegistration(.keyValueStore, source: .coreDefault) { _ in
        InMemoryKeyValueStore()
      },
      CapabilityRegistration(.eventQueue, source: .coreDefault) { _ in InMemoryEventQueue() },
      CapabilityRegistration(.marketCache, source: .coreDefault) { _ in InMemoryMarketCache() },
      CapabilityRegistration(.lifecycle, source: .coreDefault) { capabilities in
        AppLifecycle(
          language: capabilities.configuration.language,
          logger: capabilities.logger(label: "LoyaltyCore"))
      },
      CapabilityRegistration(.pointOfInterestStore, source: .coreDefault) { _ in
        InMemoryPointOfInterestStore()
      },
      CapabilityRegistration(.requestSigner, source: .coreDefault) { _ in
        PortableRequestSigner()
      },
      CapabilityRegistration(.metricsRecorder, source: .coreDefault) { _ in
        NoOpMetricsRecorder()
      },
      CapabilityRegistration(.privacy, source: .coreDefault) { capabilities in
        // The store and the sink are found when first needed: modules that start after
        // the center was made provide them. Without a privacy store (StoreModule), the
        // choice lives in memory.
        let inMemory = InMemoryPrivacyStore()
        return PrivacyCenter(
          defaultFeatures: capabilities.configuration.privacy.enabled,
          store: { [weak capabilities] in
            guard let capabilities else { throw LoyaltyClient.shutDownError() }
            return try capabilities.resolveIfPresent(.privacyStore) ?? inMemory
          },
          events: { [weak capabilities] in try? capabilities?.resolveIfPresent(.eventSink) },
          logger: capabilities.logger(label: "LoyaltyCore"))
      },
    ]
  }
}
