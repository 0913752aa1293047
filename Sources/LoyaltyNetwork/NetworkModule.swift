public import LoyaltyCore

extension CapabilityKey where Value == NetworkClient {
  /// The network client: endpoints, middleware, the session.
  public static var networkClient: Self {
    Self(
      "loyalty.network-client", summary: "a network client",
      providedBy: "NetworkModule(transport: .urlSession) from LoyaltyNetwork and LoyaltyURLSession")
  }
}

extension CapabilityKey where Value == DeviceRegistration {
  /// Device registration: the device info, the push token, the registration call.
  public static var deviceRegistration: Self {
    Self(
      "loyalty.device-registration", summary: "device registration",
      providedBy: "NetworkModule(transport: .urlSession) from LoyaltyNetwork and LoyaltyURLSession")
  }
}

/// The network module: the ``NetworkClient`` (endpoints, middleware, the session), the
/// ``DeviceRegistration`` and the analytics uploader, on the transport the host chooses.
///
/// ```swift
/// import LoyaltyURLSession
///
/// func logIn(_ configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
///   let client = try await LoyaltyClient.start(
///     configuration, modules: [NetworkModule(transport: .urlSession)])
///   try await client.network.session.loginWithEmail("user@example.com")
///   return client
/// }
/// ```
///
/// It needs an HTTP transport: `transport:` (`.urlSession` from LoyaltyURLSession, or a
/// ``NetworkTransport`` of the host's own), or an override of
/// ``LoyaltyCore/CapabilityKey/httpTransport`` (a recorder, the sandbox, a proxy). With
/// neither, the client does not start, and the error names LoyaltyURLSession.
///
/// It uses, when present, the token store (tokens persist with LoyaltyStore), the
/// request signer (LoyaltySecurity's replaces Core's portable SHA-256), the event sink
/// (session and registration events), the key-value store (the device id, the push
/// token, the fingerprint of the last registration), the analytics pipeline (the
/// registration's outcome) and the clock. Each client that lists the module gets a
/// network client of its own.
///
/// Once every module has started, the client registers the device in the background
/// when its info changed since the last successful registration (the seed's
/// `initialize()` does it at start, before anything else). The registration is the
/// client's first request: any other request waits until its attempt has ended
/// (answered, failed or timed out), but never longer than `network.requestTimeout`, and
/// the start itself does not wait for it. A failure never fails the start: it is logged,
/// posted as ``DeviceRegistrationFailed``, recorded as `custom_error_device_info_loyalty`
/// and retried on the next start or token update. Turn it off with
/// ``LoyaltyCore/DeviceConfiguration/registersAtStart``; await it with
/// ``DeviceRegistration/awaitStartRegistration()``. Shutdown cancels it and waits for it.
public struct NetworkModule: LoyaltyModule {
  /// What the module starts for one client.
  public struct Running: Sendable {
    /// The network client.
    public let network: NetworkClient
    /// Device registration.
    public let deviceRegistration: DeviceRegistration
  }

  /// How the transport is made; `nil` when the host overrides `.httpTransport`.
  public let transport: NetworkTransport?
  /// Host middleware, run once per attempt after retries and before authorization.
  public let middleware: [any HTTPMiddleware]
  /// Which statuses end the session.
  public let errorPolicy: ErrorPolicy
  /// The device the standard headers describe; `nil` uses this machine's with the
  /// configuration's `device` overrides, and a device id kept in the key-value store.
  public let device: DeviceIdentity?
  /// Supplies the device info registration sends; `nil` describes ``device`` with
  /// ``SystemDeviceInfoProvider``.
  public let deviceInfoProvider: (any DeviceInfoProvider)?

  /// Creates the module.
  /// - Parameters:
  ///   - transport: How the transport is made: `.urlSession` from LoyaltyURLSession, or
  ///     your own. Leave it `nil` only when you override `.httpTransport`.
  ///   - middleware: Host middleware, run once per attempt.
  ///   - errorPolicy: Which statuses end the session.
  ///   - device: The device the standard headers describe.
  ///   - deviceInfoProvider: Supplies the device info registration sends.
  public init(
    transport: NetworkTransport? = nil,
    middleware: [any HTTPMiddleware] = [], errorPolicy: ErrorPolicy = .standard,
    device: DeviceIdentity? = nil, deviceInfoProvider: (any DeviceInfoProvider)? = nil
  ) {
    self.transport = transport
    self.middleware = middleware
    self.errorPolicy = errorPolicy
    self.device = device
    self.deviceInfoProvider = deviceInfoProvider
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyNetwork", name: "NetworkModule")
  }

  /// An HTTP transport: from `transport:`, or a host override.
  public var requires: [AnyCapabilityKey] { [CapabilityKey.httpTransport.erased] }

  /// The token store, the request signer, the key-value store and the clock. The event
  /// sink (session and registration events) and the analytics pipeline (the
  /// registration's outcome) are used too, but they are not listed: posting needs no
  /// start order, the pipeline is looked up once every module has started, and the
  /// events module, which uploads through this one, starts after it and stops before
  /// it.
  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.tokenStore.erased, CapabilityKey.requestSigner.erased,
      CapabilityKey.keyValueStore.erased, CapabilityKey.clock.erased,
      CapabilityKey.privacyStore.erased,
    ]
  }

  /// Provides the transport (when `transport:` is set), the network client, device
  /// registration and the analytics uploader.
  public func register(in registrar: CapabilityRegistrar<Running>) throws {
    if let transport {
      registrar.provide(.httpTransport) { capabilities in
        try transport.makeTransport(for: capabilities.configuration)
      }
    }
    registrar.provide(.networkClient) { running, _ in running.network }
    registrar.provide(.deviceRegistration) { running, _ in running.deviceRegistration }
    registrar.provide(.analyticsUploader) { running, _ -> any AnalyticsUploader in
      NetworkAnalyticsUploader(client: running.network)
    }
  }

  /// Builds this client's network client and device registration.
  public func start(_ context: ModuleContext) async throws -> Running {
    let capabilities = context.capabilities
    let configuration = context.configuration
    let store = try capabilities.resolve(.keyValueStore)
    let device: DeviceIdentity
    if let configured = self.device {
      device = configured
    } else {
      device = try await DeviceIdentity.current(store: store, configuration: configuration.device)
    }
    let events = try capabilities.resolveIfPresent(.eventSink)
    let network = NetworkClient(
      configuration: configuration,
      transport: try capabilities.resolve(.httpTransport),
      tokenStore: try capabilities.resolve(.tokenStore),
      signer: try capabilities.resolve(.requestSigner),
      clock: try capabilities.resolve(.clock),
      device: device,
      events: events,
      logger: context.logger,
      middleware: middleware,
      errorPolicy: errorPolicy,
      metrics: try capabilities.metricsRecorder())
    let privacy = try capabilities.resolve(.privacy)
    if configuration.device.registersAtStart, await privacy.isEnabled(.pushRegistration) {
      // The registration goes out first: the client's other requests wait for it (at
      // most the request timeout); `clientDidStart` begins it and it opens the gate.
      network.registrationGate.close()
    }
    let registration = DeviceRegistration(
      network: network, store: store,
      provider: deviceInfoProvider
        ?? SystemDeviceInfoProvider(configuration: configuration, store: store, identity: device),
      events: events, analytics: nil,
      logger: context.logger.addingSecrets([device.deviceID]), privacy: privacy)
    privacy.addObserver { [weak registration] change in await registration?.apply(change) }
    return Running(network: network, deviceRegistration: registration)
  }

  /// Hands the analytics pipeline, which starts after this module, to the session's calls
  /// and device registration; when the app becomes active (``LoyaltyCore/AppLifecycle``) asks the
  /// token provider again for a token older than `token.providerTokenMaxAge` and sends
  /// the device's information again if it changed; and registers the device in the background when
  /// ``LoyaltyCore/DeviceConfiguration/registersAtStart`` is on.
  public func clientDidStart(_ instance: Running, context: ModuleContext) async {
    let analytics = try? context.capabilities.resolveIfPresent(.analytics)
    instance.network.use(analytics: analytics)
    await instance.deviceRegistration.use(analytics: analytics)
    if let lifecycle = try? context.capabilities.resolve(.lifecycle) {
      let (network, registration) = (instance.network, instance.deviceRegistration)
      lifecycle.addObserver { event in
        guard event == .becameActive else { return }
        await network.renewProviderTokenIfOld()
        _ = try? await registration.registerIfNeeded(.appActive)
      }
    }
    guard context.configuration.device.registersAtStart else { return }
    if let privacy = try? context.capabilities.resolve(.privacy),
      await !privacy.isEnabled(.pushRegistration)
    {
      // Turned off since the gate was closed: nothing is registered, nothing waits.
      instance.network.registrationGate.open()
    } else {
      await instance.deviceRegistration.beginAtStart()
    }
  }

  /// Cancels a registration still running and waits for it.
  public func shutdown(_ instance: Running, context: ModuleContext) async {
    await instance.deviceRegistration.finish()
  }
}

extension LoyaltyClient {
  /// The client's network client.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyNetwork/NetworkModule`` is not listed.
  public var network: NetworkClient {
    get throws { try resolve(.networkClient) }
  }

  /// The client's device registration.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyNetwork/NetworkModule`` is not listed.
  public var deviceRegistration: DeviceRegistration {
    get throws { try resolve(.deviceRegistration) }
  }
}
