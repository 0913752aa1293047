public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Sends endpoints to the backend: builds the request, runs it through the middleware
/// chain (logging, retries, authorization, standard headers and signing), applies the
/// error policy, checks the response's status and decodes the result.
///
/// ```swift
/// let network = try client.network
/// try await network.session.loginWithEmail("user@example.com")
/// let profile = try await network.send(.profile())
/// ```
public final class NetworkClient: Sendable {
  /// The client's configuration.
  public let configuration: LoyaltyConfiguration
  /// The transport with the concurrency limit.
  package let limitedTransport: LimitedTransport
  /// Keeps the session's tokens fresh; a host reaches the session through ``session``.
  package let coordinator: RefreshCoordinator
  /// The server's time, estimated from its answers: what token expiry is judged on.
  /// Its ``ServerClock/offset`` tells how far the device's clock is off.
  public let serverClock: ServerClock

  private let observed: ObservedTransport
  let chain: MiddlewareChain
  private let bareChain: MiddlewareChain
  private let policy: ErrorPolicy
  package let clock: any LoyaltyClock
  package let events: (any EventSink)?
  /// Where call metrics go; `nil` when no recorder is installed.
  let metrics: (any MetricsRecorder)?
  let logger: LoyaltyLogger
  let providerBox = TokenProviderBox()
  /// Holds requests back until the device registration at start has finished.
  let registrationGate = RegistrationGate()
  /// What runs around each login and each end of a session (``addSessionObserver(_:)``).
  let sessionObservers = Locked<[@Sendable (SessionChange) async -> Void]>([])
  /// URLs of endpoints without parameters or query, by path.
  private let fixedURLs = Locked<[String: URL]>([:])

  /// Creates a client.
  /// - Parameters:
  ///   - configuration: The SDK configuration.
  ///   - transport: The transport requests go through.
  ///   - tokenStore: Where the session's tokens live.
  ///   - signer: Computes `loyalty-signature`.
  ///   - clock: The clock for timestamps, expiry, retries and deadlines.
  ///   - device: The device the standard headers describe.
  ///   - events: Where session events go, if anywhere.
  ///   - logger: The network logger.
  ///   - middleware: The host's own middleware, run after the SDK's retries and before
  ///     authorization, once per attempt.
  ///   - errorPolicy: Which statuses end the session.
  ///   - metrics: Where call, retry, refresh and circuit-breaker metrics go; `nil`
  ///     records none (``LoyaltyCore/Capabilities/metricsRecorder()`` gives `nil` for the
  ///     no-op default).
  public init(
    configuration: LoyaltyConfiguration,
    transport: any HTTPTransport,
    tokenStore: any TokenStore,
    signer: any RequestSigner,
    clock: any LoyaltyClock,
    device: DeviceIdentity,
    events: (any EventSink)?,
    logger: LoyaltyLogger,
    middleware: [any HTTPMiddleware] = [],
    errorPolicy: ErrorPolicy = .standard,
    metrics: (any MetricsRecorder)? = nil
  ) {
    self.configuration = configuration
    self.metrics = metrics
    // A body over the limit still came from a reachable server: `observed` records the
    // call as reachable before it checks the size.
    let serverClock = ServerClock(device: clock, events: events)
    self.serverClock = serverClock
    let requestTimeout = configuration.network.requestTimeout
    self.observed = ObservedTransport(
      transport, limit: ResponseSizeLimit(configuration.network), serverClock: serverClock,
      defaultTimeout: requestTimeout)
    self.limitedTransport = LimitedTransport(
      observed, limit: configuration.network.maxConcurrentRequests,
      defaultTimeout: requestTimeout)
    self.policy = errorPolicy
    self.clock = clock
    self.events = events
    // The device id is a secret the rules cannot recognise wherever it appears.
    let logger = logger.addingSecrets([device.deviceID])
    self.logger = logger

    let headers = StandardHeadersMiddleware(
      configuration: configuration, signer: signer, clock: clock, device: device)
    // The logger's level is fixed: below `.debug` the logging middleware only passes the
    // request on, so it is left out of the chains (an asynchronous frame less per call).
    let logging: [any HTTPMiddleware] =
      logger.isEnabled(.debug) ? [LoggingMiddleware(logger: logger, clock: clock)] : []
    let bare = MiddlewareChain(
      middleware: logging + [headers], transport: limitedTransport, clock: clock)
    self.bareChain = bare

    // One attempt never outlives the refresh's budget, the call's resource timeout.
    let refreshTimeout = min(
      configuration.token.refreshTimeout, configuration.network.resourceTimeout)
    let appConfiguration = configuration
    self.coordinator = RefreshCoordinator(
      store: tokenStore, clock: clock, serverClock: serverClock,
      configuration: configuration.token, refreshBudget: configuration.network.resourceTimeout,
      events: events, logger: logger, metrics: metrics
    ) { pair in
      await Self.measuredRefresh(by: metrics) {
        await Self.refresh(
          pair, chain: bare, configuration: appConfiguration, timeout: refreshTimeout,
          clock: clock)
      }
    }
    self.chain = MiddlewareChain(
      middleware: logging + [
        RetryMiddleware(
          policy: RetryPolicy(configuration.network), clock: clock, logger: logger,
          metrics: metrics)
      ] + middleware + [AuthorizationMiddleware(coordinator: coordinator), headers],
      transport: limitedTransport, clock: clock)
    // Every login's tokens (RefreshCoordinator.store) and every end of a session
    // (RefreshCoordinator.endSession) run the observers on each side of the change.
    coordinator.sessionObserver.withLock { observer in
      observer = { [weak self] change in await self?.notifySessionChanged(change) }
    }
  }

  /// Whether the backend answered the last call.
  public var status: NetworkStatus { observed.status }

  /// The session: login, logout, tokens.
  public var session: Session { Session(client: self) }

  // A call's generic plumbing (here, `measured` and the races) is not specialised per
  // response type: it runs once per call, and a copy per type cost hosts more binary than
  // the generic metadata a call passes costs it time (Docs/Examples.md).

  /// Sends `endpoint` and returns its decoded result.
  /// - Throws: A ``LoyaltyCore/LoyaltyError``: a network code when no response arrived;
  ///   ``LoyaltyCore/LoyaltyError/Code/httpStatus``,
  ///   ``LoyaltyCore/LoyaltyError/Code/rateLimited`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/payloadTooLarge`` for an error status;
  ///   ``LoyaltyCore/LoyaltyError/Code/serverStatus`` when the envelope reports failure;
  ///   a session code when authentication failed; a decoding code when the result does
  ///   not decode.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    guard let metrics else {
      try await passRegistrationGate()
      return try await send(endpoint, through: chain)
    }
    return try await measured(endpoint.name, by: metrics) {
      try await passRegistrationGate()
      return try await send(endpoint, through: chain)
    }
  }

  /// Sends the device registration's call: it does not wait for itself at the gate.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func sendRegistration<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    guard let metrics else { return try await send(endpoint, through: chain) }
    return try await measured(endpoint.name, by: metrics) {
      try await send(endpoint, through: chain)
    }
  }

  /// Waits for the registration at start to end, at most `network.requestTimeout`.
  func passRegistrationGate() async throws {
    try await registrationGate.pass(atMost: configuration.network.requestTimeout, logger: logger)
  }

  /// Sends `endpoint` through the chain and returns the raw response, whatever its
  /// status, for callers that read error bodies themselves (the analytics uploader).
  /// The error policy and the response's decoding are skipped.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  public func response<Response>(for endpoint: Endpoint<Response>) async throws
    -> HTTPResponse
  {
    guard let metrics else { return try await rawResponse(for: endpoint) }
    return try await measured(endpoint.name, by: metrics, outcome: Self.outcome(of:)) {
      try await rawResponse(for: endpoint)
    }
  }

  private func rawResponse<Response>(for endpoint: Endpoint<Response>) async throws
    -> HTTPResponse
  {
    try await passRegistrationGate()
    let request = try request(for: endpoint)
    do {
      return try await chain.send(request, context: context(for: endpoint))
    } catch let error as LoyaltyError {
      throw Self.settled(error, endpoint: endpoint, request: request)
    }
  }

  /// The request `endpoint` makes. The URL of an endpoint without parameters or query
  /// (every context call) depends only on its path and the configuration: it is built
  /// once per path (`URLComponents` was a large share of a request's cost).
  private func request<Response>(for endpoint: Endpoint<Response>) throws -> HTTPRequest {
    guard endpoint.parameters.isEmpty, endpoint.query.isEmpty else {
      return try Self.request(for: endpoint, configuration: configuration)
    }
    let url: URL
    if let cached = fixedURLs.withLock({ $0[endpoint.path] }) {
      url = cached
    } else {
      url = try Self.url(for: endpoint, configuration: configuration)
      fixedURLs.withLock { urls in
        if urls.count < Self.fixedURLLimit { urls[endpoint.path] = url }
      }
    }
    return try Self.request(for: endpoint, configuration: configuration, url: url)
  }

  /// How many fixed URLs a client keeps: the SDK's endpoints use a handful of paths.
  private static let fixedURLLimit = 32

  private func context<Response>(for endpoint: Endpoint<Response>) -> RequestContext {
    RequestContext(
      endpoint: endpoint.name, auth: endpoint.auth, isIdempotent: endpoint.isIdempotent,
      deadline: clock.now.addingTimeInterval(
        endpoint.deadline ?? configuration.network.resourceTimeout),
      allowsRetries: endpoint.allowsRetries)
  }

  /// Sends `endpoint` without authorization handling or retries (the refresh call).
  func sendBare<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    guard let metrics else {
      try await passRegistrationGate()
      return try await send(endpoint, through: bareChain)
    }
    return try await measured(endpoint.name, by: metrics) {
      try await passRegistrationGate()
      return try await send(endpoint, through: bareChain)
    }
  }

  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private func send<Response>(
    _ endpoint: Endpoint<Response>, through chain: MiddlewareChain
  ) async throws -> Response {
    try Self.decode(try await deliver(endpoint, through: chain), for: endpoint)
  }

  /// Sends `endpoint` through `chain` and applies the error policy: the response, not yet
  /// decoded.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func deliver<Response>(
    _ endpoint: Endpoint<Response>, through chain: MiddlewareChain
  ) async throws -> HTTPResponse {
    let request = try request(for: endpoint)
    let response: HTTPResponse
    do {
      response = try await chain.send(request, context: context(for: endpoint))
    } catch let error as LoyaltyError
      where error.code == .unauthorized && policy.sessionEndingStatuses.contains(401)
    {
      // The authorization middleware throws on a bearer call's second 401; the policy
      // still decides whether that 401 ends the session.
      throw await endSession(after: 401, endpoint: endpoint.name, underlying: error)
    } catch let error as LoyaltyError {
      throw Self.settled(error, endpoint: endpoint, request: request)
    }
    if policy.sessionEndingStatuses.contains(response.status) {
      throw await endSession(after: response.status, endpoint: endpoint.name)
    }
    return response
  }

  /// The error a call ends with after its last attempt failed with `error`: for a call
  /// that is not idempotent, ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown`` when the
  /// request may have reached the server (nothing re-sent it), else `error` itself.
  private static func settled<Response>(
    _ error: LoyaltyError, endpoint: Endpoint<Response>, request: HTTPRequest
  ) -> LoyaltyError {
    guard !endpoint.isIdempotent, error.mayHaveReachedServer else { return error }
    return .outcomeUnknown(
      endpoint: endpoint.name, key: request.headers[IdempotencyKey.headerName], after: error)
  }

  /// Ends the session for a status the error policy treats as fatal, and returns the
  /// error the caller gets.
  private func endSession(
    after status: Int, endpoint: String, underlying: LoyaltyError? = nil
  ) async -> LoyaltyError {
    await coordinator.endSession(reason: .fatalStatus, status: status)
    return LoyaltyError(
      .sessionEnded, "\(endpoint) answered \(status), which ends the session.",
      recoverySuggestion: "Log in again.",
      metadata: ["endpoint": endpoint, "status": String(status)], underlying: underlying)
  }

  /// The request `endpoint` makes under `configuration`: its URL with the placeholders
  /// filled, its body encoded and its own headers; the middleware adds the rest.
  package static func request<Response>(
    for endpoint: Endpoint<Response>, configuration: LoyaltyConfiguration
  ) throws -> HTTPRequest {
    try request(
      for: endpoint, configuration: configuration,
      url: url(for: endpoint, configuration: configuration))
  }

  /// `endpoint`'s URL under its own base URL or else `configuration`'s, its placeholders
  /// filled.
  static func url<Response>(
    for endpoint: Endpoint<Response>, configuration: LoyaltyConfiguration
  ) throws -> URL {
    var values = endpoint.parameters
    values["appUUID"] = values["appUUID"] ?? configuration.appUUID
    values["web_id"] = values["web_id"] ?? configuration.merchantID
    return try PathTemplate.url(
      baseURL: endpoint.baseURL ?? configuration.baseURL, path: endpoint.path, values: values,
      query: endpoint.query)
  }

  /// The request of `endpoint`, sent to `url`.
  static func request<Response>(
    for endpoint: Endpoint<Response>, configuration: LoyaltyConfiguration, url: URL
  ) throws -> HTTPRequest {
    let (body, contentType) = try endpoint.body.encoded(boundary: "loyalty-\(UUID().uuidString)")
    // Room for the content type, the idempotency key and `Authorization`, so none copies
    // the fields.
    var fields = endpoint.headers.fields
    fields.reserveCapacity(fields.count + 3)
    var headers = HTTPHeaders(consume fields)
    if let contentType, !headers.contains("Content-Type") {
      headers.add(name: "Content-Type", value: contentType)
    }
    if !endpoint.isIdempotent, !headers.contains(IdempotencyKey.headerName) {
      // One key per call, the same on every attempt: the request is replayed as it is.
      headers.add(
        name: IdempotencyKey.headerName,
        value: (endpoint.idempotencyKey ?? IdempotencyKey()).rawValue)
    }
    return HTTPRequest(
      method: endpoint.method, url: url, headers: headers, body: body,
      timeout: configuration.network.requestTimeout)
  }
}

extension NetworkClient {
  /// The page of a campaign session: `{baseURL}/api/session/{sessionUUID}`, the session
  /// percent-encoded as one path segment.
  public func campaignSessionURL(sessionUUID: String) -> URL {
    let base = configuration.baseURL
    return
      (try? PathTemplate.url(
        baseURL: base, path: "/api/session/{sessionUuid}", values: ["sessionUuid": sessionUUID],
        query: [])) ?? base.appendingPathComponent("api/session")
  }
}
