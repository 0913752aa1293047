import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// A transport that never answers, and ignores cancellation while it waits: the worst a
/// custom transport (or FoundationNetworking with a dripping server) can do.
final class StuckTransport: HTTPTransport {
  private let sent = Locked(0)
  private let cancelled = Locked(0)
  /// How long it holds each call, in seconds of real time.
  let hold: Duration
  /// Whether it says it keeps deadlines (it does not, unless `hold` is short).
  let claimsDeadlines: Bool

  init(hold: Duration = DeadlineGuaranteeTests.hold, claimsDeadlines: Bool = false) {
    self.hold = hold
    self.claimsDeadlines = claimsDeadlines
  }

  var keepsDeadlines: Bool { claimsDeadlines }
  var calls: Int { sent.withLock { $0 } }
  var cancellations: Int { cancelled.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    sent.withLock { $0 += 1 }
    let start = ContinuousClock.now
    while ContinuousClock.now - start < hold {
      if Task.isCancelled {
        cancelled.withLock { $0 += 1 }
        // Ignores it, as a transport that does not check would: only stops sooner.
        try? await Task.sleep(for: .milliseconds(50))
        break
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
  }
}

/// The bounds below leave a loaded machine its slack (the suite runs beside every other
/// one, and on two cores a woken task can wait seconds for a thread); without the SDK's
/// deadlines each call would take the stuck transport's hold, three times that slack, so
/// every bound still tells a deadline kept from one missed.
@Suite("16. Deadlines the SDK keeps, whatever the transport")
struct DeadlineGuaranteeTests {
  /// What a busy test machine may add to a deadline, in seconds.
  static let slack = TestTime.slack(30)
  /// How long the stuck transport holds a call: far beyond any bound below.
  static let hold = Duration.seconds(3 * slack)

  static func client(
    _ transport: any HTTPTransport, requestTimeout: Double = 1, resourceTimeout: Double = 2,
    attempts: Int = 3, concurrency: Int = 6, tokens: TokenPair? = nil,
    refreshTimeout: Double = 30
  ) -> NetworkClient {
    let configuration = NetworkFixtures.configuration { configuration in
      configuration.network.requestTimeout = requestTimeout
      configuration.network.resourceTimeout = resourceTimeout
      configuration.network.maxRetryAttempts = attempts
      configuration.network.retryBaseDelay = 0.05
      configuration.network.maxConcurrentRequests = concurrency
      configuration.token.refreshTimeout = refreshTimeout
    }
    return NetworkClient(
      configuration: configuration, transport: transport, tokenStore: InMemoryTokenStore(tokens),
      signer: PortableRequestSigner(), clock: SystemClock(), device: NetworkFixtures.device,
      events: nil, logger: .disabled)
  }

  static let get = Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping")
  static let post = Endpoint<ResponseEnvelope>(
    name: "redeem_coupon", method: .post, path: "/redeem", body: .json(["coupon": "c-1"]))

  /// How long `body` took, in seconds, and the error it threw.
  ///
  /// The body runs at high priority: the suites beside this one keep the cooperative
  /// threads' queue long at default priority, and what is measured here is the SDK's
  /// deadline, not how long a woken task waits behind a thousand others for a thread.
  static func failure(
    of body: @escaping @Sendable () async throws -> Void
  ) async -> (error: LoyaltyError?, seconds: Double) {
    let start = ContinuousClock.now
    let caught = await Task(priority: .high) { () async -> LoyaltyError? in
      do {
        try await body()
        return nil
      } catch {
        return error as? LoyaltyError
      }
    }.value
    let elapsed = ContinuousClock.now - start
    return (
      caught,
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    )
  }

  @Test("a stuck call that is not idempotent ends in outcomeUnknown at its request timeout")
  func stuckPost() async throws {
    let transport = StuckTransport()
    let client = Self.client(transport)
    let (caught, elapsed) = await Self.failure { _ = try await client.send(Self.post) }
    let error = try #require(caught)
    #expect(error.code == .outcomeUnknown, "\(error)")
    #expect(error.metadata["endpoint"] == "redeem_coupon")
    #expect(transport.calls == 1, "not re-sent")
    #expect(elapsed < 1 + Self.slack, "returned after \(elapsed) s for a 1 s request timeout")
    #expect(elapsed >= 0.9, "the request timeout, not before: \(elapsed) s")
  }

  @Test("a stuck idempotent call is retried within the resource timeout, then timedOut")
  func stuckGet() async throws {
    let transport = StuckTransport()
    let client = Self.client(transport, requestTimeout: 1, resourceTimeout: 2, attempts: 5)
    let (caught, elapsed) = await Self.failure { _ = try await client.send(Self.get) }
    #expect(caught?.code == .timedOut, "\(String(describing: caught))")
    #expect(elapsed < 2 + Self.slack, "returned after \(elapsed) s for a 2 s resource timeout")
    #expect(transport.calls >= 1)
    #expect(transport.calls <= 3, "at most the attempts that fit in the resource timeout")
  }

  @Test("a call waiting for a connection slot times out as never sent")
  func slotWait() async throws {
    let holder = StuckTransport(hold: .seconds(3), claimsDeadlines: true)
    let client = Self.client(
      holder, requestTimeout: 1, resourceTimeout: 4, attempts: 1, concurrency: 1)
    let first = Task { try await client.send(Self.get) }
    while holder.calls == 0 { try await Task.sleep(for: .milliseconds(10)) }
    let (caught, elapsed) = await Self.failure { _ = try await client.send(Self.post) }
    let error = try #require(caught)
    #expect(error.code == .timedOut, "nothing was sent, so no outcomeUnknown: \(error)")
    #expect(!error.mayHaveReachedServer)
    #expect(holder.calls == 1, "the waiting call never reached the transport")
    #expect(elapsed < 1 + Self.slack)
    first.cancel()
    _ = try? await first.value
  }

  /// A pair whose access token expired a minute ago.
  static let expired = TokenPair(
    accessToken: Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "."
      + Base64URL.encode(Data(#"{"exp":\#(Int(Date().timeIntervalSince1970) - 60)}"#.utf8))
      + ".sig",
    refreshToken: "r")

  @Test("a call with less time than the refresh's budget stops waiting at its own deadline")
  func refreshWaitShortDeadline() async throws {
    let client = Self.client(
      StuckTransport(), requestTimeout: 4, resourceTimeout: 4, tokens: Self.expired,
      refreshTimeout: 5)
    var bearer = Endpoint<ResponseEnvelope>(
      name: "profile", method: .get, path: "/profile", auth: .bearer)
    bearer.deadline = 1
    let call = bearer
    let (caught, elapsed) = await Self.failure { _ = try await client.send(call) }
    #expect(caught?.code == .timedOut, "\(String(describing: caught))")
    #expect(caught?.mayHaveReachedServer == false, "the call itself was never sent")
    #expect(elapsed < 1 + Self.slack, "returned after \(elapsed) s for a 1 s deadline")
  }

  @Test("the shared refresh ends within the resource timeout, so a caller waits no longer")
  func refreshWithinBudget() async throws {
    let transport = StuckTransport()
    let client = Self.client(
      transport, requestTimeout: 1, resourceTimeout: 2, tokens: Self.expired,
      refreshTimeout: 5)
    let bearer = Endpoint<ResponseEnvelope>(
      name: "profile", method: .get, path: "/profile", auth: .bearer)
    let (caught, elapsed) = await Self.failure { _ = try await client.send(bearer) }
    #expect(
      [.timedOut, .refreshFailed].contains(caught?.code), "\(String(describing: caught))")
    #expect(elapsed < 2 + Self.slack, "returned after \(elapsed) s for a 2 s resource timeout")
    #expect(transport.calls == 1, "no refresh attempt that could outlive the budget")
  }

  @Test("cancelling the caller cancels the transport's task and returns at once")
  func cancellation() async throws {
    let transport = StuckTransport()
    let client = Self.client(transport, requestTimeout: 20, resourceTimeout: 30)
    let call = Task { try await client.send(Self.get) }
    while transport.calls == 0 { try await Task.sleep(for: .milliseconds(10)) }
    let elapsed = await Self.failure {
      call.cancel()
      _ = try await call.value
    }.seconds
    #expect(elapsed < Self.slack)
    for _ in 0..<500 where transport.cancellations == 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(transport.cancellations == 1)
  }
}
