public import LoyaltyCore

extension CapabilityKey where Value == NetworkClient {
  /// The network client: endpoints, middleware, the session.
  public static var networkClient: Self {
    Self(
      "loyalty.network-client", summary: "a network client",
      providedBy: "NetworkModule(transport: .urlSession) from LoyaltyNetwork and LoyaltyURLSession")
  }
}

/// The network module: the ``NetworkClient`` (endpoints, middleware, the session) and the
/// analytics uploader, on the transport the host chooses.
///
/// ```swift
/// import LoyaltyURLSession
///
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [NetworkModule(transport: .urlSession)])
/// try await client.network.session.loginWithEmail("user@example.com")
/// ```
///
/// It needs an HTTP transport: `transport:` (`.urlSession` from LoyaltyURLSession, or a
/// ``NetworkTransport`` of the host's own), or an override of
/// ``LoyaltyCore/CapabilityKey/httpTransport`` (a recorder, the sandbox, a proxy). With
/// neither, the client does not start, and the error names LoyaltyURLSession.
///
/// It uses, when present, the token store (tokens persist with LoyaltyStore), the
/// request signer (LoyaltySecurity's replaces Core's portable SHA-256), the event sink
/// (session events), the key-value store (the device id) and the clock. Each client
/// that lists the module gets a network client of its own.
public struct NetworkModule: LoyaltyModule {
  /// How the transport is made; `nil` when the host overrides `.httpTransport`.
  public let transport: NetworkTransport?
  /// Host middleware, run once per attempt after retries and before authorization.
  public let middleware: [any HTTPMiddleware]
  /// Which statuses end the session.
  public let errorPolicy: ErrorPolicy
  /// The device the standard headers describe; `nil` uses this machine's, with a device
  /// id kept in the key-value store.
  public let device: DeviceIdentity?

  /// Creates the module.
  /// - Parameters:
  ///   - transport: How the transport is made: `.urlSession` from LoyaltyURLSession, or
  ///     your own. Leave it `nil` only when you override `.httpTransport`.
  ///   - middleware: Host middleware, run once per attempt.
  ///   - errorPolicy: Which statuses end the session.
  ///   - device: The device the standard headers describe.
  public init(
    transport: NetworkTransport? = nil,
    middleware: [any HTTPMiddleware] = [], errorPolicy: ErrorPolicy = .standard,
    device: DeviceIdentity? = nil
  ) {
    self.transport = transport
    self.middleware = middleware
    self.errorPolicy = errorPolicy
    self.device = device
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyNetwork", name: "NetworkModule")
  }

  /// An HTTP transport: from `transport:`, or a host override.
  public var requires: [AnyCapabilityKey] { [CapabilityKey.httpTransport.erased] }

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

  /// Provides the transport (when `transport:` is set), the network client and the
  /// analytics uploader.
  public func register(in registrar: CapabilityRegistrar<NetworkClient>) throws {
    if let transport {
      registrar.provide(.httpTransport) { capabilities in
        try transport.makeTransport(for: capabilities.configuration)
      }
    }
    registrar.provide(.networkClient) { network, _ in network }
    registrar.provide(.analyticsUploader) { network, _ -> any AnalyticsUploader in
      NetworkAnalyticsUploader(client: network)
    }
  }

  /// Builds this client's network client.
  public func start(_ context: ModuleContext) async throws -> NetworkClient {
    let capabilities = context.capabilities
    let device: DeviceIdentity
    if let configured = self.device {
      device = configured
    } else {
      device = try await DeviceIdentity.current(store: capabilities.resolve(.keyValueStore))
    }
    return NetworkClient(
      configuration: context.configuration,
      transport: try capabilities.resolve(.httpTransport),
      tokenStore: try capabilities.resolve(.tokenStore),
      signer: try capabilities.resolve(.requestSigner),
      clock: try capabilities.resolve(.clock),
      device: device,
      events: try capabilities.resolveIfPresent(.eventSink),
      logger: context.logger,
      middleware: middleware,
      errorPolicy: errorPolicy)
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
