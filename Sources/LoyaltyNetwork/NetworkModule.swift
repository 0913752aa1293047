public import LoyaltyCore
import Synchronization

extension CapabilityKey where Value == NetworkClient {
  /// The network client: endpoints, middleware, the session.
  public static var networkClient: Self {
    Self(
      "loyalty.network-client", summary: "a network client",
      providedBy: "NetworkModule() from LoyaltyNetwork")
  }
}

/// The network module: the URLSession transport and the ``NetworkClient`` built on it.
///
/// ```swift
/// let client = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
/// try await client.network.session.loginWithEmail("user@example.com")
/// ```
///
/// It uses, when present, the token store (tokens persist with LoyaltyStore), the
/// request signer (LoyaltySecurity's replaces Core's portable SHA-256), the event sink
/// (session events), the key-value store (the device id) and the clock. Override
/// ``LoyaltyCore/CapabilityKey/httpTransport`` to route requests elsewhere: a recorder,
/// the sandbox, a proxy.
public struct NetworkModule: LoyaltyModule {
  /// Host middleware, run once per attempt after retries and before authorization.
  public let middleware: [any HTTPMiddleware]
  /// Which statuses end the session.
  public let errorPolicy: ErrorPolicy
  /// The device the standard headers describe; `nil` uses this machine's, with a device
  /// id kept in the key-value store.
  public let device: DeviceIdentity?
  private let state = NetworkModuleState()

  /// Creates the module.
  public init(
    middleware: [any HTTPMiddleware] = [], errorPolicy: ErrorPolicy = .standard,
    device: DeviceIdentity? = nil
  ) {
    self.middleware = middleware
    self.errorPolicy = errorPolicy
    self.device = device
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyNetwork", name: "NetworkModule")
  }

  public var provides: [AnyCapabilityKey] {
    [
      CapabilityKey.httpTransport.erased, CapabilityKey.networkClient.erased,
      CapabilityKey.analyticsUploader.erased,
    ]
  }

  /// The token store, the request signer, the key-value store and the clock. The event
  /// sink (session events) is used too, but posting needs no start order, so it is not
  /// listed: the events module, which uploads through this one, starts after it and
  /// stops before it.
  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.tokenStore.erased, CapabilityKey.requestSigner.erased,
      CapabilityKey.keyValueStore.erased, CapabilityKey.clock.erased,
    ]
  }

  public func register(in registrar: CapabilityRegistrar) throws {
    let state = state
    registrar.provide(.httpTransport) { capabilities in
      URLSessionTransport(configuration: capabilities.configuration.network)
    }
    registrar.provide(.networkClient) { _ in try state.running() }
    registrar.provide(.analyticsUploader) { _ -> any AnalyticsUploader in
      NetworkAnalyticsUploader(client: try state.running())
    }
  }

  /// Builds the network client.
  public func start(_ context: ModuleContext) async throws {
    let capabilities = context.capabilities
    let clock = try capabilities.resolve(.clock)
    let device: DeviceIdentity
    if let configured = self.device {
      device = configured
    } else {
      device = try await DeviceIdentity.current(store: capabilities.resolve(.keyValueStore))
    }
    let client = NetworkClient(
      configuration: context.configuration,
      transport: try capabilities.resolve(.httpTransport),
      tokenStore: try capabilities.resolve(.tokenStore),
      signer: try capabilities.resolve(.requestSigner),
      clock: clock,
      device: device,
      events: try capabilities.resolveIfPresent(.eventSink),
      logger: context.logger,
      middleware: middleware,
      errorPolicy: errorPolicy)
    state.install(client)
  }

  public func shutdown(_ context: ModuleContext) async {
    state.remove()
  }
}

/// The running module's client, shared by the module value and its factories.
final class NetworkModuleState: Sendable {
  private let client = Mutex<NetworkClient?>(nil)

  func install(_ network: NetworkClient) {
    client.withLock { $0 = network }
  }

  func remove() {
    client.withLock { $0 = nil }
  }

  func running() throws -> NetworkClient {
    guard let network = client.withLock({ $0 }) else {
      throw LoyaltyError(
        .clientShutDown, "The network module is not running.",
        recoverySuggestion: "Start a client with NetworkModule().")
    }
    return network
  }
}

extension LoyaltyClient {
  /// The client's network client.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``NetworkModule`` is not listed.
  public var network: NetworkClient {
    get throws { try resolve(.networkClient) }
  }
}
