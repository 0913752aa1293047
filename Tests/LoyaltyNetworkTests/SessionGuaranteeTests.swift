import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// The "Session and network" guarantees, one test each.
@Suite("Session guarantees")
struct SessionGuaranteeTests {
  /// For the storms of many calls: on a loaded machine a call may wait long for one of
  /// the client's connection slots, and that wait counts against its request timeout. The
  /// refresh waits its turn among them too (under ThreadSanitizer, more than its default
  /// 30 s once).
  static let storm = NetworkFixtures.configuration {
    $0.network.requestTimeout = 300
    $0.network.resourceTimeout = 600
    $0.token.refreshTimeout = 300
  }

  @Test(
    "1. 1,000 concurrent requests inside the refresh window: one refresh, all with the new token")
  func proactiveRefreshIsShared() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    let stale = backend.issueToken(lifetime: 100)  // inside the 300 s window
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context", ScriptedBackend.protected())
    let (client, store) = NetworkFixtures.client(
      backend: backend, configuration: Self.storm, tokens: stale)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask { _ = try await client.send(NetworkFixtures.profile(id: index)) }
      }
      try await group.waitForAll()
    }

    #expect(backend.calls("/token") == 1)
    #expect(await client.coordinator.refreshCallCount == 1)
    let fresh = try #require(try await store.tokens())
    #expect(fresh != stale)
    let sent = backend.requests.filter { $0.url.absoluteString.hasSuffix("/context") }
    #expect(sent.count == 1_000)
    #expect(sent.allSatisfy { $0.headers["Authorization"] == "Bearer \(fresh.accessToken)" })
  }

  @Test("2. 1,000 concurrent 401s: one refresh, each request retried at most once")
  func unauthorizedStormSharesOneRefresh() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock, latency: .milliseconds(1))
    let revoked = backend.issueToken()
    backend.revokeAll()
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context", ScriptedBackend.protected())
    let (client, _) = NetworkFixtures.client(
      backend: backend, configuration: Self.storm, tokens: revoked)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask { _ = try await client.send(NetworkFixtures.profile(id: index)) }
      }
      try await group.waitForAll()
    }

    #expect(backend.calls("/token") == 1)
    var perRequest: [String: Int] = [:]
    for request in backend.requests where request.url.absoluteString.hasSuffix("/context") {
      perRequest[request.headers["X-Request-ID"] ?? "?", default: 0] += 1
    }
    #expect(perRequest.count == 1_000)
    #expect(perRequest.values.allSatisfy { $0 <= 2 })
  }

  @Test("3. a 401 on a request sent with an older token retries with the current one, no refresh")
  func staleTokenRetriesWithoutRefresh() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    let old = backend.issueToken()
    let store = InMemoryTokenStore(old)
    let current = backend.issueToken()
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    let first = Locked(true)
    backend.on("/context") { request, backend in
      if first.withLock({ value in
        defer { value = false }; return value
      }) {
        // While this request was in flight, another one refreshed the session.
        _ = await store.replace(old, with: current)
        return ScriptedBackend.json(401, ["status": "0"])
      }
      return try await ScriptedBackend.protected()(request, backend)
    }
    let (client, _) = NetworkFixtures.client(backend: backend, store: store)

    _ = try await client.send(NetworkFixtures.profile())
    #expect(backend.calls("/token") == 0)
    let sent = backend.requests.map { $0.headers["Authorization"] }
    #expect(sent == ["Bearer \(old.accessToken)", "Bearer \(current.accessToken)"])
  }

  @Test("4. a retried request that gets 401 again fails; no second refresh")
  func secondUnauthorizedFails() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context") { _, _ in ScriptedBackend.json(401, ["status": "0"]) }
    let (client, _) = NetworkFixtures.client(backend: backend, tokens: tokens)

    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .unauthorized)
    #expect(backend.calls("/token") == 1)
    #expect(backend.calls("/context") == 2)
  }

  @Test("4. under the strict policy, a second 401 fails the caller and ends the session once")
  func secondUnauthorizedUnderStrictPolicy() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context") { _, _ in ScriptedBackend.json(401, ["status": "0"]) }
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(
      backend: backend, tokens: tokens, events: sink, errorPolicy: .strict)

    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile())
    }
    #expect(error.code == .sessionEnded)
    #expect(error.metadata["status"] == "401")
    #expect(backend.calls("/token") == 1)
    #expect(backend.calls("/context") == 2)
    #expect(try await store.tokens() == nil)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .fatalStatus, status: 401)])
  }

  @Test(
    "5. a rejected refresh fails every waiter alike, re-sends nothing, clears tokens, ends once")
  func rejectedRefresh() async throws {
    let backend = ScriptedBackend(clock: InstantClock(), latency: .milliseconds(1))
    let tokens = backend.issueToken()
    backend.revokeAll()
    // The refresh is answered only once every request has been refused, and a little
    // later, so that every 401 reaches the client while the refresh is in flight: on a
    // loaded machine a fixed delay alone let a late 401 arrive after the rejection.
    backend.on("/token") { _, backend in
      while backend.calls("/context") < 50 {
        try await Task.sleep(for: .milliseconds(5))
      }
      try await Task.sleep(for: .milliseconds(50))
      return ScriptedBackend.json(400, ["status": "0", "msg": "invalid_grant"])
    }
    backend.on("/context", ScriptedBackend.protected())
    let sink = InMemoryEventSink()
    // The refresh waits for all 50 requests, which under ThreadSanitizer on a loaded
    // machine took over a minute, past the production preset's 60 s resource timeout:
    // this test is about the refresh, not the deadlines, so they are the longest allowed.
    let configuration = NetworkFixtures.configuration { configuration in
      configuration.network.requestTimeout = 300
      configuration.network.resourceTimeout = 3_600
    }
    let (client, store) = NetworkFixtures.client(
      backend: backend, configuration: configuration, tokens: tokens, events: sink)

    let codes = await withTaskGroup(of: LoyaltyError.Code?.self) { group in
      for index in 0..<50 {
        group.addTask {
          do {
            _ = try await client.send(NetworkFixtures.profile(id: index))
            return nil
          } catch let error as LoyaltyError {
            return error.code
          } catch {
            return .internalInconsistency
          }
        }
      }
      return await group.reduce(into: [LoyaltyError.Code?]()) { $0.append($1) }
    }

    #expect(backend.calls("/token") == 1)
    #expect(backend.calls("/context") == 50, "nothing is re-sent")
    #expect(codes.allSatisfy { $0 == .refreshRejected }, "\(codes)")
    #expect(try await store.tokens() == nil)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .refreshRejected)])
  }

  @Test("6. refresh failures open the circuit breaker; after the cool-down, exactly one trial")
  func circuitBreaker() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/token") { _, _ in ScriptedBackend.json(503, ["status": "0"]) }
    let configuration = NetworkFixtures.configuration { configuration in
      configuration.token.maxRetryAttempts = 1
      configuration.token.retryDelays = [0]
      configuration.token.circuitBreakerThreshold = 5
      configuration.token.circuitBreakerResetTime = 300
    }
    let (client, store) = NetworkFixtures.client(backend: backend, configuration: configuration)

    for _ in 0..<5 {
      try await store.store(backend.issueToken())
      await #expect(throws: LoyaltyError.self) { try await client.session.refresh() }
    }
    #expect(backend.calls("/token") == 5)

    try await store.store(backend.issueToken())
    let open = try await #require(throws: LoyaltyError.self) { try await client.session.refresh() }
    #expect(open.code == .circuitOpen)
    #expect(backend.calls("/token") == 5, "no call while open")

    clock.advance(by: 301)
    backend.on("/token") { _, _ in
      try await Task.sleep(for: .milliseconds(20))
      return ScriptedBackend.json(503, ["status": "0"])
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask { _ = try? await client.session.refresh() }
      }
    }
    #expect(backend.calls("/token") == 6, "exactly one trial after the cool-down")
  }

  @Test("7. cancelling one waiting caller does not cancel the shared refresh")
  func cancellingAWaiter() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    let gate = AsyncGate()
    backend.on("/token") { request, backend in
      await gate.wait()
      return try await ScriptedBackend.rotatingRefresh()(request, backend)
    }
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: tokens)

    let cancelled = Task { try await client.session.refresh() }
    let survivor = Task { try await client.session.refresh() }
    while backend.calls("/token") == 0 { await Task.yield() }
    cancelled.cancel()
    try await Task.sleep(for: .milliseconds(20))
    gate.open()

    let fresh = try await survivor.value
    #expect(fresh.pair != tokens)
    #expect(try await store.tokens() == fresh.pair)
    #expect(backend.calls("/token") == 1)
    _ = try? await cancelled.value
  }

  @Test("a 429 or 408 from the token endpoint is retried; the session is kept")
  func rateLimitedRefreshKeepsTheSession() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let tokens = backend.issueToken()
    let answers = Locked([429, 408])
    backend.on("/token") { request, backend in
      if let status = answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
        return ScriptedBackend.json(status, ["status": "0"], headers: ["Retry-After": "1"])
      }
      return try await ScriptedBackend.rotatingRefresh()(request, backend)
    }
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: tokens, events: sink)
    let fresh = try await client.session.refresh()
    #expect(fresh.pair != tokens)
    #expect(try await store.tokens() == fresh.pair)
    #expect(backend.calls("/token") == 3)
    #expect(sink.events(of: SessionEnded.self).isEmpty)
  }

  @Test("9. never more than N transport calls in flight")
  func concurrencyCap() async throws {
    let backend = ScriptedBackend(clock: InstantClock(), latency: .milliseconds(5))
    backend.on("/context/") { _, _ in ScriptedBackend.ok() }
    var configuration = Self.storm
    configuration.network.maxConcurrentRequests = 4
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: configuration)
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { _ = try await client.send(endpoint) }
      }
      try await group.waitForAll()
    }
    #expect(backend.calls("/context/") == 100)
    #expect(backend.maximumInFlight <= 4)
    #expect(client.limitedTransport.maximumInFlight == 4)
  }

  @Test("12. going offline keeps the session: transient refresh failures keep the token pair")
  func goingOfflineKeepsTheSession() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    let tokens = backend.issueToken(lifetime: 100)  // inside the 300 s window, still valid
    let failures = Locked(0)
    backend.on("/token") { _, _ in
      let failure = failures.withLock { count in
        defer { count += 1 }
        return count % 3
      }
      switch failure {
      case 0: throw LoyaltyError(.notConnected, "The device is offline.")
      case 1: throw LoyaltyError(.timedOut, "The refresh call timed out.")
      default: return ScriptedBackend.json(503, ["status": "0"])
      }
    }
    backend.on("/context", ScriptedBackend.protected())
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(backend: backend, tokens: tokens, events: sink)

    // Every refresh attempt fails; the request goes out with the still-valid token.
    _ = try await client.send(NetworkFixtures.profile(id: 1))
    #expect(backend.calls("/token") == 3)
    #expect(try await store.tokens() == tokens)
    #expect(backend.requests.last?.headers["Authorization"] == "Bearer \(tokens.accessToken)")

    // The next call tries again, until the circuit breaker opens after five failures.
    _ = try await client.send(NetworkFixtures.profile(id: 2))
    #expect(backend.calls("/token") == 5)
    _ = try await client.send(NetworkFixtures.profile(id: 3))
    #expect(backend.calls("/token") == 5, "no refresh call while the breaker is open")
    let paused = try await #require(throws: LoyaltyError.self) {
      try await client.session.refresh()
    }
    #expect(paused.code == .circuitOpen)
    #expect(try await store.tokens() == tokens)

    // Still offline after the cool-down, now with an expired token: a typed error, the
    // pair is kept.
    clock.advance(by: 301)
    let offline = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile(id: 4))
    }
    #expect(offline.code == .refreshFailed)
    #expect(backend.calls("/token") == 6, "one trial after the cool-down")
    #expect(try await store.tokens() == tokens)
    #expect(backend.calls("/context") == 3, "an expired token is not sent")

    // Back online: the next trial refreshes and the session goes on.
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    clock.advance(by: 301)
    _ = try await client.send(NetworkFixtures.profile(id: 5))
    let fresh = try #require(try await store.tokens())
    #expect(fresh != tokens)
    #expect(backend.requests.last?.headers["Authorization"] == "Bearer \(fresh.accessToken)")
    #expect(sink.events(of: SessionEnded.self).isEmpty)
  }

  @Test("12. a pair without a refresh token is used until it expires, then the session ends")
  func pairWithoutRefreshToken() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    let issued = backend.issueToken(lifetime: 100)  // inside the 300 s window
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/context", ScriptedBackend.protected())
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(backend: backend, events: sink)
    let tokens = TokenPair(accessToken: issued.accessToken, refreshToken: "")
    try await client.session.login(with: tokens)

    for index in 0..<3 {
      _ = try await client.send(NetworkFixtures.profile(id: index))
    }
    #expect(backend.calls("/context") == 3)
    #expect(try await store.tokens() == tokens)

    clock.advance(by: 101)
    let expired = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile(id: 3))
    }
    #expect(expired.code == .sessionEnded)
    #expect(try await store.tokens() == nil)
    let after = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(NetworkFixtures.profile(id: 4))
    }
    #expect(after.code == .notAuthenticated)
    #expect(backend.calls("/context") == 3, "an expired token is not sent")
    #expect(backend.calls("/token") == 0)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .refreshFailed)])
  }

  @Test(
    "13. logout never starts a refresh: inside the refresh window, or answered with 401",
    arguments: [false, true])
  func logoutNeverRefreshes(strict: Bool) async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/token", ScriptedBackend.rotatingRefresh())
    backend.on("/logout", ScriptedBackend.logout())
    let sink = InMemoryEventSink()
    let (client, store) = NetworkFixtures.client(
      backend: backend, events: sink, errorPolicy: strict ? .strict : .standard)

    let expiring = backend.issueToken(lifetime: 100)
    try await client.session.login(with: expiring)
    await client.session.logout()
    let sent = try #require(backend.requests.last)
    #expect(sent.headers["Authorization"] == nil, "logout takes standard auth")
    let body = try JSONValue(parsing: try #require(sent.body))
    #expect(body["access_token"] == .string(expiring.accessToken))
    #expect(body["refresh_token"] == .string(expiring.refreshToken))
    #expect(try await store.tokens() == nil)

    let refused = backend.issueToken()
    backend.revokeAll()
    try await client.session.login(with: refused)
    await client.session.logout()
    #expect(backend.calls("/logout") == 2, "the 401 is not retried")
    #expect(try await store.tokens() == nil)

    #expect(backend.calls("/token") == 0)
    #expect(await client.coordinator.refreshCallCount == 0)
    #expect(
      sink.events(of: SessionEnded.self) == [
        SessionEnded(reason: .logout), SessionEnded(reason: .logout),
      ])
  }

  @Test("13. logout ends the session even when a refresh lands while it runs")
  func logoutAfterARefreshLands() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/logout", ScriptedBackend.protected())
    let tokens = backend.issueToken()
    let store = RefreshLandingStore(tokens, landing: backend.issueToken())
    let sink = InMemoryEventSink()
    let (client, _) = NetworkFixtures.client(backend: backend, events: sink, store: store)

    await client.session.logout()
    #expect(await store.tokens() == nil)
    #expect(sink.events(of: SessionEnded.self) == [SessionEnded(reason: .logout)])
  }

  @Test("14. a timeout returns on time while the operation ignores cancellation")
  func timeoutIgnoringCancellation() async throws {
    let clock = ManualClock()
    let backend = ScriptedBackend(clock: clock)
    let configuration = NetworkFixtures.configuration { $0.token.loginTimeout = 30 }
    let (client, store) = NetworkFixtures.client(backend: backend, configuration: configuration)
    let finished = Locked(false)
    await client.session.useTokenProvider {
      // An unstructured task is not cancelled with its caller: this sleep ignores the
      // timeout's cancellation.
      try? await Task { try await clock.sleep(for: 3_600) }.value
      finished.withLock { $0 = true }
      return "late-token"
    }

    let login = Task { () -> (LoyaltyError.Code?, Bool) in
      do {
        try await client.session.loginWithTokenProvider()
        return (nil, finished.withLock { $0 })
      } catch let error as LoyaltyError {
        return (error.code, finished.withLock { $0 })
      } catch {
        return (.internalInconsistency, finished.withLock { $0 })
      }
    }
    // The provider's sleep and the timeout's.
    while clock.sleeperCount < 2 {
      try await Task.sleep(for: .milliseconds(1))
    }
    // If the timeout waited for the operation, this lets the test end, failing.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(20))
      clock.advance(by: 3_600)
    }
    clock.advance(by: 30)
    let (code, operationFinished) = await login.value
    watchdog.cancel()

    #expect(code == .loginTimedOut)
    #expect(!operationFinished, "the caller got its error while the operation still ran")
    #expect(try await store.tokens() == nil)
    clock.advance(by: 3_600)
  }

  @Test("14. cancelling the caller of a timeout returns at once, the operation still running")
  func cancellingATimeoutsCaller() async throws {
    let clock = ManualClock()
    let backend = ScriptedBackend(clock: clock)
    let (client, _) = NetworkFixtures.client(backend: backend)
    let finished = Locked(false)
    await client.session.useTokenProvider {
      try? await Task { try await clock.sleep(for: 3_600) }.value
      finished.withLock { $0 = true }
      return "late-token"
    }

    let login = Task { () -> (Bool, Bool) in
      do {
        try await client.session.loginWithTokenProvider()
        return (false, finished.withLock { $0 })
      } catch {
        return (error is CancellationError, finished.withLock { $0 })
      }
    }
    while clock.sleeperCount < 2 {
      try await Task.sleep(for: .milliseconds(1))
    }
    let watchdog = Task {
      try await Task.sleep(for: .seconds(20))
      clock.advance(by: 3_600)
    }
    login.cancel()
    let (cancelled, operationFinished) = await login.value
    watchdog.cancel()

    #expect(cancelled)
    #expect(!operationFinished, "the caller returned while the operation still ran")
    clock.advance(by: 3_600)
  }
}

/// A token store where a refresh stores new tokens just before the first attempt to
/// clear them, which then fails.
actor RefreshLandingStore: TokenStore {
  private var stored: TokenPair?
  private var landing: TokenPair?

  init(_ tokens: TokenPair, landing: TokenPair) {
    stored = tokens
    self.landing = landing
  }

  func tokens() -> TokenPair? { stored }

  func store(_ tokens: TokenPair) { stored = tokens }

  func clear() { stored = nil }

  func replace(_ expected: TokenPair?, with new: TokenPair?) -> Bool {
    if new == nil, let landed = landing {
      landing = nil
      stored = landed
    }
    guard stored == expected else { return false }
    stored = new
    return true
  }
}
