import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport

/// A transport in front of the sandbox that can be cut (every call fails as with no
/// network, or answers a status of its own), and that records every request it passes.
final class SwitchableTransport: HTTPTransport {
  enum Mode: Sendable, Equatable {
    case online
    case offline
    case status(Int)
  }

  private struct State {
    var mode = Mode.online
    var requests: [HTTPRequest] = []
  }

  let inner: any HTTPTransport
  private let state = Locked(State())

  init(_ inner: any HTTPTransport) {
    self.inner = inner
  }

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  var mode: Mode {
    get { state.withLock { $0.mode } }
    set { state.withLock { $0.mode = newValue } }
  }

  /// Every request that reached the sandbox, in order.
  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// The requests that reached the sandbox with `action` in their body (or as the last
  /// path component).
  func count(_ action: String) -> Int {
    requests.filter { RewritingTransport.action(of: $0) == action }.count
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    switch mode {
    case .offline:
      throw TransportFailure.notConnected.error(host: request.url.host)
    case .status(let status):
      return HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"],
        body: Data(#"{"status": "0"}"#.utf8))
    case .online:
      state.withLock { $0.requests.append(request) }
      return try await inner.send(request)
    }
  }
}

/// A client with the market over the sandbox behind a ``SwitchableTransport``, on an
/// ``InstantClock`` shared with the sandbox, with the cache's settings of `cache`.
struct OfflineHarness {
  let backend: SandboxBackend
  let client: LoyaltyClient
  let transport: SwitchableTransport
  let clock: InstantClock
  let sink: InMemoryEventSink

  /// The configuration of the harness's client, logging nothing.
  static func configuration() -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "offline-test-key", bundleID: "com.example.offline-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.logging.level = .none
    return configuration
  }

  static func start(
    cache: CacheConfiguration = CacheConfiguration(),
    modules: [any LoyaltyModule] = [],
    directory: URL? = nil,
    clock: InstantClock = InstantClock(),
    transport makeTransport: (@Sendable (SandboxBackend) -> any HTTPTransport)? = nil,
    backend existing: SandboxBackend? = nil,
    marketCache: (any MarketCache)? = nil,
    tokenStore: (any TokenStore)? = nil
  ) async throws -> OfflineHarness {
    var configuration = Self.configuration()
    configuration.turnOnAnalyticsAndRegistration()
    configuration.network.requestTimeout = 30
    configuration.network.resourceTimeout = 60
    configuration.cache = cache
    configuration.database.directory = directory?.path
    let backend =
      existing
      ?? SandboxBackend(
        configuration: SandboxConfiguration(matching: configuration, clock: clock),
        fixtures: SandboxFixtures(
          seed: 11, campaigns: 30, personalizedCampaigns: 6, couponSets: 12, merchants: 10,
          users: 3))
    let transport = SwitchableTransport(makeTransport?(backend) ?? SandboxTransport(backend))
    let sink = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: transport)
    overrides.override(.eventSink, with: sink)
    overrides.override(.clock, with: clock)
    if let marketCache { overrides.override(.marketCache, with: marketCache) }
    if let tokenStore { overrides.override(.tokenStore, with: tokenStore) }
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        MarketModule(), NetworkModule(),
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0)),
      ] + modules, overrides: overrides)
    return OfflineHarness(
      backend: backend, client: client, transport: transport, clock: clock, sink: sink)
  }

  var market: Market {
    get throws { try client.market }
  }

  func login(_ user: Int = 1) async throws {
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(user))
  }

  /// Every answer the client's market cache holds.
  func cached() async throws -> [CachedAnswer] {
    try await client.resolve(.marketCache).answers()
  }
}
