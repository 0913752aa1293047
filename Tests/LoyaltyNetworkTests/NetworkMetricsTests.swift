import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@Suite("Network metrics against the sandbox")
struct NetworkMetricsTests {
  typealias Name = LoyaltyMetric.Name

  /// A client on the sandbox with `metrics` installed (none when `nil`) and an instant
  /// clock, so retries and cool-downs cost nothing.
  struct Harness {
    let backend: SandboxBackend
    let client: LoyaltyClient
    let clock: InstantClock
    let metrics: InMemoryMetricsRecorder

    static func start(
      recording: Bool = true, _ adjust: (inout LoyaltyConfiguration) -> Void = { _ in }
    ) async throws -> Harness {
      var configuration = LoyaltyConfiguration(
        appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
        apiKey: "metrics-test-key", bundleID: "com.example.network-metrics",
        environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
        language: "en", preset: .production)
      configuration.logging.level = .none
      // Only the calls a test makes are counted: no registration among them.
      configuration.device.registersAtStart = false
      adjust(&configuration)
      let clock = InstantClock()
      let backend = SandboxBackend(
        configuration: SandboxConfiguration(matching: configuration, clock: clock))
      let metrics = InMemoryMetricsRecorder()
      var overrides = CapabilityOverrides()
      overrides.override(.httpTransport, with: SandboxTransport(backend))
      overrides.override(.clock, with: clock)
      if recording {
        overrides.override(.metricsRecorder, with: metrics)
      }
      let client = try await LoyaltyClient.start(
        configuration, modules: [NetworkModule()], overrides: overrides)
      return Harness(backend: backend, client: client, clock: clock, metrics: metrics)
    }

    func login() async throws {
      try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    }
  }

  static func campaigns(name: String = "campaigns", idempotent: Bool = true)
    -> Endpoint<ResponseEnvelope>
  {
    Endpoint(
      name: name, method: .post, path: "/api/mobile/v2/{appUUID}/context/", auth: .standard,
      body: .wrapped(
        "campaigns", ["action": "retrieve", "language": "en", "filters": .object([:])]),
      isIdempotent: idempotent, check: .domain("MAPP_CAMPAIGNING"))
  }

  static func requests(_ endpoint: String, _ outcome: String) -> [String: String] {
    ["endpoint": endpoint, "outcome": outcome]
  }

  @Test("two successful calls: the counter is 2 for the endpoint, with two timer samples")
  func successfulCalls() async throws {
    let harness = try await Harness.start()
    let network = try harness.client.network
    _ = try await network.send(Self.campaigns())
    _ = try await network.send(Self.campaigns())

    let metrics = harness.metrics
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "success")) == 2)
    #expect(metrics.counter(Name.requests) == 2)
    #expect(metrics.dimensionValues("outcome", of: Name.requests) == ["success"])
    let samples = metrics.timerSamples(Name.requestDuration, ["endpoint": "campaigns"])
    #expect(samples.count == 2)
    #expect(samples.allSatisfy { $0 >= 0 })
    let counted = metrics.metrics(named: Name.requests)
    #expect(counted.allSatisfy { $0.kind == .counter && $0.value == 1 })
    #expect(counted.first?.dimensions.map(\.key) == ["endpoint", "outcome"])
    let timed = metrics.metrics(named: Name.requestDuration)
    #expect(timed.allSatisfy { $0.kind == .timer && $0.dimensions.map(\.key) == ["endpoint"] })
    #expect(metrics.counter(Name.retries) == 0)
    await harness.client.shutdown()
  }

  @Test("one retry is counted per retry, with the status; the call once, as a success")
  func retriesBelowTheLimit() async throws {
    let harness = try await Harness.start()
    // Three attempts (production): two failures leave the last one to succeed.
    harness.backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
    _ = try await harness.client.network.send(Self.campaigns())

    let metrics = harness.metrics
    #expect(metrics.counter(Name.retries, ["endpoint": "campaigns", "reason": "503"]) == 2)
    #expect(metrics.metrics(named: Name.retries).allSatisfy { $0.kind == .counter })
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "success")) == 1)
    #expect(metrics.counter(Name.requests) == 1, "once per call, not per attempt")
    #expect(metrics.timerSamples(Name.requestDuration).count == 1)
    await harness.client.shutdown()
  }

  @Test("a call failing on its last attempt: outcome is the error code, retries stop at the limit")
  func retriesAtTheLimit() async throws {
    let harness = try await Harness.start()
    harness.backend.failNext(3, with: .status(503), on: .endpoint(.campaigns))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.network.send(Self.campaigns())
    }
    #expect(error.code == .httpStatus)

    let metrics = harness.metrics
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "httpStatus")) == 1)
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "success")) == 0)
    #expect(metrics.counter(Name.retries, ["endpoint": "campaigns"]) == 2)
    #expect(metrics.timerSamples(Name.requestDuration, ["endpoint": "campaigns"]).count == 1)
    await harness.client.shutdown()
  }

  @Test("a refused connection on every attempt: outcome and retry reason are notConnected")
  func notConnected() async throws {
    let harness = try await Harness.start()
    harness.backend.failNext(3, with: .dropConnection, on: .endpoint(.campaigns))
    await #expect(throws: LoyaltyError.self) {
      _ = try await harness.client.network.send(Self.campaigns())
    }
    let metrics = harness.metrics
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "notConnected")) == 1)
    #expect(
      metrics.counter(Name.retries, ["endpoint": "campaigns", "reason": "notConnected"]) == 2)
    await harness.client.shutdown()
  }

  @Test("a call that is not idempotent, lost after the server answered: outcomeUnknown")
  func outcomeUnknown() async throws {
    let harness = try await Harness.start()
    harness.backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.campaigns))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.network.send(Self.campaigns(name: "once", idempotent: false))
    }
    #expect(error.code == .outcomeUnknown)
    let metrics = harness.metrics
    #expect(metrics.counter(Name.requests, Self.requests("once", "outcomeUnknown")) == 1)
    #expect(metrics.counter(Name.retries) == 0, "nothing re-sends it")
    await harness.client.shutdown()
  }

  @Test("a raw response with an error status is counted with the code its status means")
  func rawResponse() async throws {
    let harness = try await Harness.start()
    harness.backend.failNext(3, with: .status(500), on: .endpoint(.campaigns))
    let response = try await harness.client.network.response(for: Self.campaigns())
    #expect(response.status == 500)
    _ = try await harness.client.network.response(for: Self.campaigns())

    let metrics = harness.metrics
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "httpStatus")) == 1)
    #expect(metrics.counter(Name.requests, Self.requests("campaigns", "success")) == 1)
    #expect(metrics.counter(Name.retries, ["endpoint": "campaigns", "reason": "500"]) == 2)
    await harness.client.shutdown()
  }

  @Test("a refresh is counted once, with its call; a refused refresh token as refreshRejected")
  func refreshes() async throws {
    let harness = try await Harness.start()
    try await harness.login()
    let network = try harness.client.network
    _ = try await network.session.refresh()

    let metrics = harness.metrics
    #expect(metrics.counter(Name.tokenRefreshes, ["outcome": "success"]) == 1)
    #expect(metrics.counter(Name.tokenRefreshes) == 1)
    #expect(metrics.counter(Name.requests, Self.requests("emailLogin", "success")) == 1)
    #expect(metrics.counter(Name.requests, Self.requests("refreshToken", "success")) == 1)

    harness.backend.failNext(with: .status(400), on: .endpoint(.refreshToken))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await network.session.refresh()
    }
    #expect(error.code == .refreshRejected)
    #expect(metrics.counter(Name.tokenRefreshes, ["outcome": "refreshRejected"]) == 1)
    #expect(metrics.counter(Name.tokenRefreshes) == 2)
    #expect(metrics.counter(Name.requests, Self.requests("refreshToken", "httpStatus")) == 1)
    #expect(metrics.counter(Name.circuitBreakerOpens) == 0)
    await harness.client.shutdown()
  }

  @Test("the breaker's opening is counted once at the threshold, and again after a failed trial")
  func breakerOpens() async throws {
    let harness = try await Harness.start { configuration in
      configuration.token.maxRetryAttempts = 1
      configuration.token.retryDelays = [0]
      configuration.token.circuitBreakerThreshold = 2
      configuration.token.circuitBreakerResetTime = 300
    }
    try await harness.login()
    let network = try harness.client.network
    harness.backend.failNext(10, with: .status(503), on: .endpoint(.refreshToken))
    let metrics = harness.metrics

    // One failure before the threshold: closed.
    await #expect(throws: LoyaltyError.self) { _ = try await network.session.refresh() }
    #expect(metrics.counter(Name.circuitBreakerOpens) == 0)
    // At the threshold: it opens.
    await #expect(throws: LoyaltyError.self) { _ = try await network.session.refresh() }
    #expect(metrics.counter(Name.circuitBreakerOpens) == 1)
    #expect(metrics.counter(Name.tokenRefreshes, ["outcome": "refreshFailed"]) == 2)
    // While open, no refresh is made, and nothing more opens.
    let paused = try await #require(throws: LoyaltyError.self) {
      _ = try await network.session.refresh()
    }
    #expect(paused.code == .circuitOpen)
    #expect(metrics.counter(Name.circuitBreakerOpens) == 1)
    #expect(metrics.counter(Name.tokenRefreshes) == 2)
    #expect(metrics.counter(Name.requests, Self.requests("refreshToken", "httpStatus")) == 2)
    #expect(metrics.metrics(named: Name.circuitBreakerOpens).allSatisfy { $0.dimensions.isEmpty })

    // After the cool-down, the trial fails: the breaker opens again.
    harness.clock.advance(by: 301)
    await #expect(throws: LoyaltyError.self) { _ = try await network.session.refresh() }
    #expect(metrics.counter(Name.circuitBreakerOpens) == 2)
    #expect(metrics.counter(Name.tokenRefreshes, ["outcome": "refreshFailed"]) == 3)
    await harness.client.shutdown()
  }

  @Test("the breaker tells which failure opened it: the threshold's, and a failed trial's")
  func breakerReportsOpening() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var breaker = CircuitBreaker(threshold: 3, coolDown: 60)
    #expect(breaker.recordFailure(at: start) == false)
    #expect(breaker.recordFailure(at: start) == false, "one before the threshold")
    #expect(breaker.recordFailure(at: start) == true, "at the threshold")
    #expect(breaker.recordFailure(at: start) == false, "already open: the cool-down only grows")
    let later = start.addingTimeInterval(61)
    try breaker.permit(at: later)
    #expect(breaker.recordFailure(at: later) == true, "the half-open trial failed")
    breaker.recordSuccess()
    #expect(breaker.recordFailure(at: later) == false, "closed again, counting from zero")
  }

  @Test("a client without a recorder works and reaches no other client's recorder")
  func withoutRecorder() async throws {
    let recording = try await Harness.start()
    let plain = try await Harness.start(recording: false)
    #expect(try plain.client.resolve(.metricsRecorder) is NoOpMetricsRecorder)
    #expect(plain.client.source(of: .metricsRecorder) == .coreDefault)
    let network = try plain.client.network
    _ = try await network.send(Self.campaigns())
    plain.backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
    _ = try await network.send(Self.campaigns())
    try await plain.login()
    _ = try await network.session.refresh()
    #expect(plain.backend.counters.requests(to: .campaigns) == 4)

    #expect(recording.metrics.metrics.isEmpty)
    #expect(plain.metrics.metrics.isEmpty)
    await plain.client.shutdown()
    await recording.client.shutdown()
  }
}
