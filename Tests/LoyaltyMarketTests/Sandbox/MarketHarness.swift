import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport

/// A client with the market, network and events modules over an in-process sandbox
/// answering in `envelope` and `listForm`, on `clock` (the system's by default);
/// `rewrite` changes the answers of some actions (by the request's `action`, or the last
/// path component for `/user/` calls) before the SDK reads them, and `transport`, when
/// given, stands between the SDK and the sandbox instead.
struct MarketHarness {
  let backend: SandboxBackend
  let client: LoyaltyClient
  let sink: InMemoryEventSink

  static func start(
    fixtures: SandboxFixtures = SandboxFixtures(
      seed: 11, campaigns: 60, personalizedCampaigns: 10, couponSets: 20, merchants: 40,
      users: 3),
    envelope: SandboxEnvelope = .context,
    listForm: SandboxListForm = .keyed,
    objectForm: SandboxObjectForm = .own,
    clock: (any LoyaltyClock)? = nil,
    logHandler: (any LogHandler)? = nil,
    rewrite: [String: @Sendable (JSONValue) -> JSONValue] = [:],
    transport: (@Sendable (SandboxBackend) -> any HTTPTransport)? = nil
  ) async throws -> MarketHarness {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "market-test-key", bundleID: "com.example.market-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = logHandler == nil ? .none : .warning
    // The client keeps its deadlines in real time: room for a machine running every suite
    // at once (or under ThreadSanitizer), where an in-process call can wait seconds.
    configuration.network.requestTimeout = 30
    configuration.network.resourceTimeout = 60
    var sandboxConfiguration = SandboxConfiguration(
      matching: configuration, clock: clock ?? SystemClock(), envelope: envelope,
      listForm: listForm)
    sandboxConfiguration.objectForm = objectForm
    let backend = SandboxBackend(configuration: sandboxConfiguration, fixtures: fixtures)
    let sink = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(
      .httpTransport,
      with: transport?(backend)
        ?? RewritingTransport(inner: SandboxTransport(backend), rewrites: rewrite))
    if let logHandler { overrides.override(.logHandler, with: logHandler) }
    overrides.override(.eventSink, with: sink)
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        MarketModule(), NetworkModule(),
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0)),
      ], overrides: overrides)
    return MarketHarness(backend: backend, client: client, sink: sink)
  }

  func login(_ user: Int = 1) async throws {
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(user))
  }

  /// The names of the analytics events queued so far.
  func analyticsNames() async throws -> [String] {
    let queue = try client.resolve(.eventQueue)
    let events = try await queue.claim(maxCount: 10_000, maxBytes: .max)
    try await queue.release(events.map(\.id))
    return events.map(\.name)
  }
}

/// Sends to the sandbox, then rewrites the answers of the listed actions.
struct RewritingTransport: HTTPTransport {
  let inner: SandboxTransport
  let rewrites: [String: @Sendable (JSONValue) -> JSONValue]

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await inner.send(request)
    guard let action = Self.action(of: request), let rewrite = rewrites[action],
      let body = try? JSONValue(parsing: response.body)
    else { return response }
    return HTTPResponse(
      status: response.status, headers: response.headers, body: try rewrite(body).jsonData())
  }

  /// The `action` of a wrapped body (`{"coupon": {"action": "redeem"}}`), else the path's
  /// last component.
  static func action(of request: HTTPRequest) -> String? {
    if let body = request.body, case .object(let object)? = try? JSONValue(parsing: body) {
      for value in object.values {
        if let action = value["action"]?.stringValue { return action }
      }
    }
    return request.url.pathComponents.last
  }
}
