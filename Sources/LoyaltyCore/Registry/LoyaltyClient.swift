import Synchronization

/// A running SDK instance: the modules a host listed, started, and their capabilities.
///
/// Create one with ``start(_:modules:overrides:)``; several clients can live in one
/// process (a server may hold one per tenant) and share nothing.
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration,
///   modules: [MarketModule(), NetworkModule(), StoreModule()])
/// defer { Task { await client.shutdown() } }
/// ```
public final class LoyaltyClient: Sendable {
  /// The configuration the client started with.
  public let configuration: LoyaltyConfiguration
  /// The client's capabilities.
  public let capabilities: Capabilities
  /// The modules, in the order they started.
  public let modules: [any LoyaltyModule]
  /// The client's logger, labelled `LoyaltyCore`.
  public let logger: LoyaltyLogger

  private enum Lifecycle {
    case running
    case shutDown
  }

  private let lifecycle = Mutex(Lifecycle.running)

  private init(
    configuration: LoyaltyConfiguration,
    capabilities: Capabilities,
    modules: [any LoyaltyModule]
  ) {
    self.configuration = configuration
    self.capabilities = capabilities
    self.modules = modules
    self.logger = capabilities.logger(label: "LoyaltyCore")
  }

  /// Validates the configuration and the module graph, registers every module's
  /// capabilities, and starts the modules, providers first.
  ///
  /// - Parameters:
  ///   - configuration: The client's configuration; it is validated first.
  ///   - modules: The modules to start, in any order.
  ///   - overrides: Capabilities the host supplies itself; they replace what modules or
  ///     Core would provide.
  /// - Returns: A running client.
  /// - Throws: A ``LoyaltyError``: a configuration code; ``LoyaltyError/Code/duplicateModule``,
  ///   ``LoyaltyError/Code/duplicateCapability``, ``LoyaltyError/Code/missingRequirement``
  ///   (naming the product to add), ``LoyaltyError/Code/dependencyCycle``,
  ///   ``LoyaltyError/Code/undeclaredCapability``; or
  ///   ``LoyaltyError/Code/moduleStartFailed`` naming the module, after every module
  ///   already started has been shut down in reverse order.
  public static func start(
    _ configuration: LoyaltyConfiguration,
    modules: [any LoyaltyModule],
    overrides: CapabilityOverrides = CapabilityOverrides()
  ) async throws -> LoyaltyClient {
    try configuration.validate()

    var registrations = coreDefaults()
    var overridden: Set<AnyCapabilityKey> = []
    for registration in overrides.registrations {
      guard overridden.insert(registration.key).inserted else {
        throw LoyaltyError(
          .duplicateCapability,
          "\(registration.key.name) is overridden twice. Override each capability once.",
          metadata: ["capability": registration.key.name])
      }
    }

    let graph = try ModuleGraph(
      modules: modules, available: Set(registrations.keys).union(overridden))

    for module in graph.ordered {
      let registrar = CapabilityRegistrar(module: module.identifier)
      try module.register(in: registrar)
      try checkDeclarations(of: module, against: registrar)
      for (key, registration) in registrar.registrations {
        registrations[key] = registration
      }
    }
    for registration in overrides.registrations {
      registrations[registration.key] = registration
    }

    let capabilities = Capabilities(configuration: configuration, registrations: registrations)
    let client = LoyaltyClient(
      configuration: configuration, capabilities: capabilities, modules: graph.ordered)
    try await client.startModules()
    return client
  }

  /// Whether ``shutdown()`` has not been called yet.
  public var isRunning: Bool { lifecycle.withLock { $0 == .running } }

  /// Resolves a capability.
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``, or what
  ///   ``Capabilities/resolve(_:)`` throws.
  public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
    try ensureRunning()
    return try capabilities.resolve(key)
  }

  /// Resolves a capability if something provides it.
  public func resolveIfPresent<Value>(_ key: CapabilityKey<Value>) throws -> Value? {
    try ensureRunning()
    return try capabilities.resolveIfPresent(key)
  }

  /// The started module of type `type`, if it was listed.
  public func module<Module: LoyaltyModule>(_ type: Module.Type) -> Module? {
    modules.lazy.compactMap { $0 as? Module }.first
  }

  /// Shuts every module down, in the reverse of the start order. Calling it again does
  /// nothing.
  public func shutdown() async {
    let first = lifecycle.withLock { state -> Bool in
      guard state == .running else { return false }
      state = .shutDown
      return true
    }
    guard first else { return }
    await Self.shutdown(modules[...], capabilities: capabilities, configuration: configuration)
    logger.info("Client shut down.")
  }

  /// Throws ``LoyaltyError/Code/clientShutDown`` when the client has been shut down.
  public func ensureRunning() throws {
    guard isRunning else {
      throw LoyaltyError(
        .clientShutDown, "The client has been shut down. Start a new client to continue.")
    }
  }

  // MARK: - Start-up

  private func startModules() async throws {
    for (index, module) in modules.enumerated() {
      let context = Self.context(for: module, capabilities, configuration)
      do {
        try await module.start(context)
        context.logger.debug("Started \(module.identifier.name).")
      } catch {
        context.logger.error("\(module.identifier.name) failed to start: \(error)")
        await Self.shutdown(
          modules[..<index], capabilities: capabilities, configuration: configuration)
        lifecycle.withLock { $0 = .shutDown }
        throw LoyaltyError(
          .moduleStartFailed,
          "\(module.identifier.name) (\(module.identifier.product)) failed to start; the "
            + "modules started before it were shut down.",
          metadata: ["module": module.identifier.description],
          underlying: error)
      }
    }
    logger.info(
      "Client started with \(modules.count) module\(modules.count == 1 ? "" : "s"): "
        + modules.map(\.identifier.name).joined(separator: ", ") + ".")
  }

  private static func shutdown(
    _ modules: ArraySlice<any LoyaltyModule>,
    capabilities: Capabilities,
    configuration: LoyaltyConfiguration
  ) async {
    for module in modules.reversed() {
      let context = context(for: module, capabilities, configuration)
      await module.shutdown(context)
      context.logger.debug("Shut down \(module.identifier.name).")
    }
  }

  private static func context(
    for module: any LoyaltyModule,
    _ capabilities: Capabilities,
    _ configuration: LoyaltyConfiguration
  ) -> ModuleContext {
    ModuleContext(
      module: module.identifier,
      configuration: configuration,
      capabilities: capabilities,
      logger: capabilities.logger(label: module.identifier.product))
  }

  private static func coreDefaults() -> [AnyCapabilityKey: CapabilityRegistration] {
    let defaults: [CapabilityRegistration] = [
      CapabilityRegistration(.clock, source: .coreDefault) { _ in SystemClock() },
      CapabilityRegistration(.logHandler, source: .coreDefault) { _ in
        StandardErrorLogHandler()
      },
      CapabilityRegistration(.tokenStore, source: .coreDefault) { _ in InMemoryTokenStore() },
      CapabilityRegistration(.keyValueStore, source: .coreDefault) { _ in
        InMemoryKeyValueStore()
      },
      CapabilityRegistration(.eventQueue, source: .coreDefault) { _ in InMemoryEventQueue() },
      CapabilityRegistration(.requestSigner, source: .coreDefault) { _ in
        PortableRequestSigner()
      },
    ]
    return Dictionary(uniqueKeysWithValues: defaults.map { ($0.key, $0) })
  }

  private static func checkDeclarations(
    of module: any LoyaltyModule, against registrar: CapabilityRegistrar
  ) throws {
    let declared = Set(module.provides)
    let registered = Set(registrar.registrations.keys)
    if let duplicate = registrar.duplicates.first {
      throw LoyaltyError(
        .duplicateCapability,
        "\(module.identifier.name) registers \(duplicate.name) twice.",
        metadata: ["module": module.identifier.description, "capability": duplicate.name])
    }
    if let extra = registered.subtracting(declared).first {
      throw LoyaltyError(
        .undeclaredCapability,
        "\(module.identifier.name) registers \(extra.name) but does not list it in provides.",
        metadata: ["module": module.identifier.description, "capability": extra.name])
    }
    if let missing = declared.subtracting(registered).first {
      throw LoyaltyError(
        .undeclaredCapability,
        "\(module.identifier.name) lists \(missing.name) in provides but does not register it.",
        metadata: ["module": module.identifier.description, "capability": missing.name])
    }
  }
}
