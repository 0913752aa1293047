public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An in-process backend that answers every call the SDK makes, as `Docs/API.md`
/// describes them: logins and rotating refresh tokens, campaigns, coupons and their
/// redemption, merchants, profile, cards, histories, the market pass, analytics and
/// device info.
///
/// It behaves like a server: it checks each request's signature, merchant id, bearer
/// token and body, and answers a wrong request as the real backend would (401, 400 or
/// 404 with `{"status": "0", "msg": ...}`). Its data comes from ``SandboxFixtures``, so
/// the same seed gives byte-identical answers. Tests can script faults and read
/// counters.
///
/// Serve it in process with ``SandboxTransport``, or over HTTP with the emulator
/// (`swift run --package-path Emulator loyalty-emulator`).
///
/// ```swift
/// let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [NetworkModule()],
///   overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
/// backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
/// ```
///
/// It is safe to use from any number of tasks at once: its state sits behind one lock,
/// and answers are encoded outside it.
public final class SandboxBackend: Sendable {
  /// Who the backend is and how strict.
  public let configuration: SandboxConfiguration
  /// What its data was generated from.
  public let fixtures: SandboxFixtures
  /// The shared data: campaigns, coupon sets, merchants, categories, articles.
  public let catalog: SandboxCatalog

  let generator: FixtureGenerator
  let issuer: TokenIssuer
  let router: SandboxRouter
  private let validator: RequestValidator
  let state: Locked<SandboxState>
  /// The answer forms in force, which the emulator's console may change while it runs.
  let forms: Locked<SandboxAnswerForms>

  /// Creates a backend with its fixture data.
  /// - Parameters:
  ///   - configuration: The app, merchant, API key, lifetimes and limits.
  ///   - fixtures: The seed and sizes of the data.
  ///   - faultProfile: Background faults for every request.
  public init(
    configuration: SandboxConfiguration = SandboxConfiguration(),
    fixtures: SandboxFixtures = SandboxFixtures(),
    faultProfile: SandboxFaultProfile = .none
  ) {
    self.configuration = configuration
    self.fixtures = fixtures
    let generator = FixtureGenerator(fixtures: fixtures)
    let catalog = generator.catalog()
    self.generator = generator
    self.catalog = catalog
    let issuer = TokenIssuer(secret: TokenIssuer.randomSecret())
    self.issuer = issuer
    self.router = SandboxRouter(
      appUUID: configuration.appUUID, offers: configuration.offers,
      unofferedAnswer: configuration.unofferedAnswer)
    self.validator = RequestValidator(configuration: configuration, issuer: issuer)
    var initial = SandboxState(users: generator.users(catalog: catalog))
    initial.faults.setProfile(faultProfile)
    self.state = Locked(initial)
    self.forms = Locked(SandboxAnswerForms(configuration))
  }

  // MARK: Answering

  /// Answers one request as the backend would put it on the wire: with a `Date` header
  /// from ``SandboxConfiguration/clock``, and the body gzip-compressed (with
  /// `Content-Encoding: gzip`) when ``SandboxConfiguration/gzipResponses`` is on and the
  /// request accepts gzip.
  ///
  /// A request that carries `Idempotency-Key` and is not a GET acts once: a later one
  /// with the same key, method, path, caller and body gets the first answer again,
  /// marked `Idempotent-Replayed: true` (``idempotentReplayedHeader``), and one with
  /// another body gets 422. Only answers of requests that reached their call's handler
  /// are recorded: not refusals of the path, headers or credentials, nor injected
  /// faults.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/notConnected`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/transportFailed`` when a fault drops the
  ///   connection before the request is handled;
  ///   ``LoyaltyCore/LoyaltyError/Code/connectionLost`` when a fault loses the connection
  ///   after the request was handled; ``LoyaltyCore/LoyaltyError/Code/cancelled`` when the
  ///   task is cancelled during injected latency.
  public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
    try await exchange(request).result.get()
  }

  /// Answers one request as ``respond(to:)`` does, and says what happened on the way: the
  /// call it was, the fault applied, if any, and the answer or the error a client sees.
  /// The emulator's request log is written from it.
  public func exchange(_ request: HTTPRequest) async -> SandboxExchange {
    let incoming = SandboxRequest(request)
    let match = router.match(incoming)
    let endpoint: SandboxEndpoint
    switch match {
    case .route(let route, _, _): endpoint = route.endpoint
    case .refused(let refused, _): endpoint = refused
    }
    let plan = state.withLock { state in
      state.counters.requests[endpoint, default: 0] += 1
      let plan = state.faults.plan(for: endpoint, method: incoming.method, path: incoming.path)
      if plan.fault != nil {
        state.counters.faultsInjected += 1
      }
      return plan
    }
    let configuration = effectiveConfiguration
    do {
      let response = try await perform(
        match, incoming, timeout: request.timeout, plan: plan, endpoint: endpoint,
        configuration: configuration)
      return SandboxExchange(
        endpoint: endpoint, fault: plan.fault, delay: plan.delay, result: .success(response))
    } catch {
      return SandboxExchange(
        endpoint: endpoint, fault: plan.fault, delay: plan.delay,
        result: .failure(
          error as? LoyaltyError
            ?? LoyaltyError(.transportFailed, "The sandbox failed: \(error)")))
    }
  }

  /// Runs a planned request: the delay, the fault, the handler, the encoding.
  private func perform(
    _ match: SandboxRouter.Match, _ incoming: SandboxRequest, timeout requestTimeout: TimeInterval?,
    plan: FaultBook.Plan, endpoint: SandboxEndpoint, configuration: SandboxConfiguration
  ) async throws -> HTTPResponse {
    if plan.delay > 0 {
      // Latency ends at the request's timeout, on the sandbox's clock, as a server's
      // answer that comes too late ends for a client: the transport keeps deadlines.
      let timeout = requestTimeout ?? .infinity
      do {
        try await configuration.clock.sleep(for: min(plan.delay, timeout))
      } catch {
        throw LoyaltyError(.cancelled, "The request was cancelled while the sandbox waited.")
      }
      if plan.delay > timeout {
        throw LoyaltyError(
          .timedOut, "The request timed out while the sandbox waited (injected latency).",
          metadata: ["endpoint": endpoint.rawValue])
      }
    }

    var reply: SandboxReply
    switch plan.fault {
    case .dropConnection?:
      // Nothing reached the server: the handler does not run.
      throw LoyaltyError(
        .notConnected, "The sandbox dropped the connection (injected fault).",
        metadata: ["endpoint": endpoint.rawValue])
    case .transportFailure?:
      throw LoyaltyError(
        .transportFailed, "The sandbox failed the transfer (injected fault).",
        metadata: ["endpoint": endpoint.rawValue])
    case .status(let status)?:
      reply = .error(status, "Injected failure (HTTP \(status)).")
    case .rateLimited(let seconds)?:
      reply = .error(429, "Too many requests; retry later.")
      reply.headers.add(name: "Retry-After", value: String(seconds))
    case .malformedBody?:
      reply = SandboxReply(
        status: 200, headers: ["Content-Type": "text/html"],
        body: .raw(Data("<html><body>502 Bad Gateway</body></html>".utf8)))
    case .emptySuccess?:
      reply = .emptySuccess
    case .otherCallAnswer?:
      reply = .otherCallAnswer
    case .expireTokens?, .truncatedBody?, .delay?, .connectionLostAfterAnswer?, nil:
      let now = configuration.clock.now
      reply = state.withLock { state in
        if plan.fault == .expireTokens {
          state.tokens.revokeAllAccess()
        }
        return answer(match, incoming, now: now, configuration: configuration, state: &state)
      }
    }
    state.withLock { state in
      state.counters.statuses[reply.status, default: 0] += 1
      if reply.status == 401 {
        state.counters.unauthorized += 1
      }
    }
    if plan.fault == .connectionLostAfterAnswer {
      // The server acted and answered; the answer is lost on the way.
      throw LoyaltyError(
        .connectionLost,
        "The sandbox answered, then the connection was lost (injected fault).",
        metadata: ["endpoint": endpoint.rawValue, "status": String(reply.status)])
    }
    return encode(
      reply, for: incoming, truncated: plan.fault == .truncatedBody, configuration: configuration)
  }

  private func answer(
    _ match: SandboxRouter.Match, _ request: SandboxRequest, now: Date,
    configuration: SandboxConfiguration, state: inout SandboxState
  ) -> SandboxReply {
    if case .refused(_, let reply) = match, reply.status == 404 || reply.status == 405 {
      return reply
    }
    if let refusal = validator.checkHeaders(request, now: now) {
      return refusal
    }
    guard case .route(let route, let fields, let pathValue) = match else {
      if case .refused(_, let reply) = match { return reply }
      return .error(404, "No such endpoint.")
    }
    var userID: String?
    var tokenID: String?
    // Who sent it, as far as the sandbox can tell: it scopes idempotency keys.
    let caller: String
    switch route.auth {
    case .standard:
      caller = "device:" + (request.headers["unique-device-id"] ?? "")
    case .basic:
      guard validator.checkBasic(request) else {
        return .error(401, "The partner credentials are missing or wrong.")
      }
      caller = "partner"
    case .bearer:
      switch validator.checkBearer(request, tokens: state.tokens, now: now) {
      case .success(let found):
        userID = found.userID
        tokenID = found.tokenID
        caller = "user:" + found.userID
      case .failure:
        return SandboxReply.invalidToken
      }
    }
    let call = SandboxCall(
      request: request, fields: fields, pathValue: pathValue, userID: userID, tokenID: tokenID,
      now: now, catalog: catalog, generator: generator, configuration: configuration,
      issuer: issuer)
    return runOnce(route, call, caller: caller, state: &state)
  }

  private func encode(
    _ reply: SandboxReply, for request: SandboxRequest, truncated: Bool,
    configuration: SandboxConfiguration
  ) -> HTTPResponse {
    var headers = reply.headers
    headers.replaceOrAdd(name: "Date", value: HTTPDate.format(configuration.clock.now))
    switch reply.body {
    case .json, .envelope:
      headers.replaceOrAdd(name: "Content-Type", value: "application/json; charset=utf-8")
    case .raw: break
    }
    var body = reply.encodedBody(configuration.envelope)
    if truncated {
      return HTTPResponse(status: reply.status, headers: headers, body: body.prefix(body.count / 2))
    }
    let accepts = request.headers["Accept-Encoding"]?.lowercased().contains("gzip") ?? false
    if configuration.gzipResponses, accepts, !body.isEmpty,
      let compressed = try? Gzip.compress(body)
    {
      body = compressed
      headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
    }
    return HTTPResponse(status: reply.status, headers: headers, body: body)
  }
}
