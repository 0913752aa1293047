public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps the session's access token fresh, and makes sure concurrent callers share one
/// refresh.
///
/// - Before a bearer request, ``currentTokens()`` refreshes proactively when the access
///   token expires within `token.refreshThreshold` (300 s).
/// - After a 401, ``refresh(replacing:)`` refreshes, unless the token the request used
///   has already been replaced, in which case the current one is returned at once.
/// - Every caller that arrives while a refresh is in flight waits for that refresh;
///   cancelling one waiter never cancels the refresh.
/// - A refresh is attempted up to `token.maxRetryAttempts` times with
///   `token.retryDelays` (0 s, 1 s, 5 s) for 5xx and transport errors; a 4xx is not
///   retried. When the server rejects the refresh token, the stored tokens are cleared,
///   one ``SessionEnded`` event is posted, and every waiter gets the same error.
/// - When every attempt fails transiently (no connection, a timeout, a 5xx), the token
///   pair is kept: going offline never logs the user out. Waiters get
///   ``LoyaltyCore/LoyaltyError/Code/refreshFailed``, except that ``currentTokens()``
///   returns the current pair while its access token is still valid, so requests go
///   out with it. The next call tries again.
/// - A pair that cannot be refreshed (no refresh token, no host token provider) is used
///   until its access token expires; then the session ends (one ``SessionEnded``,
///   ``SessionEnded/Reason/refreshFailed``) and the caller gets
///   ``LoyaltyCore/LoyaltyError/Code/sessionEnded``.
/// - A ``CircuitBreaker`` stops refresh calls after `token.circuitBreakerThreshold`
///   consecutive failures for `token.circuitBreakerResetTime`, then allows one trial.
/// - Expiry is judged on the latest the server's time can be (``ServerClock/now``), since
///   `exp` is the server's: a device clock that is days ahead, hours behind or set
///   anywhere between calls neither refreshes on every call nor sends expired tokens. A
///   token is not sent with less than ``SessionToken/sendMargin`` left, as it could
///   arrive expired. A pair that a refresh just brought already inside the refresh
///   window is refreshed again only once inside that margin; one that arrived inside the
///   margin, once it expires on the estimate; one that arrived expired on it, only after
///   the server refuses it (a 401): at most one refresh per token, whatever the device
///   clock does. Before any answer has told the server's time (the
///   first call after a launch), a stored token whose `iat` is after the device's clock
///   is refreshed first: the clock was set back by an amount nothing tells, and its
///   expiry cannot be judged on it.
/// - With a metrics recorder, each refresh is counted once as `loyalty_token_refreshes`
///   (dimension `outcome`), and each opening of the breaker as
///   `loyalty_circuit_breaker_opens`.
public actor RefreshCoordinator {
  /// Performs one refresh call for the given pair.
  public typealias Refresher = @Sendable (TokenPair) async -> RefreshOutcome

  let store: any TokenStore
  /// The device's clock: delays and the circuit breaker's cool-down.
  let clock: any LoyaltyClock
  /// The server's time: token expiry.
  private let serverClock: any LoyaltyClock
  /// The access token a refresh brought already past ``SessionToken/Stage/fresh``, and
  /// the stage it arrived in: it is refreshed proactively only once in a later one.
  private let arrivedDue = Locked<(accessToken: String, stage: SessionToken.Stage)?>(nil)
  private let configuration: TokenConfiguration
  /// The longest one shared refresh may take, every attempt and delay included; `nil`
  /// for no bound. A caller with at least this much time left waits for the refresh
  /// without a timer of its own.
  nonisolated let refreshBudget: Double?
  let events: (any EventSink)?
  let logger: LoyaltyLogger
  private let metrics: (any MetricsRecorder)?
  private var refresher: Refresher
  private var inFlight: Task<TokenPair, any Error>?
  private var breaker: CircuitBreaker
  private var refreshCalls = 0
  /// The last pair's decoded expiry and its `Authorization` value: every bearer request
  /// reads the tokens, and decoding the JWT each time was a third of the SDK's
  /// per-request cost. Behind a lock, so that ``tokensWithoutWaiting()`` reads it
  /// without a hop to the actor.
  private let snapshot = Locked<TokenSnapshot?>(nil)
  /// The store, when it can tell its pair without a suspension.
  private let snapshotSource: (any TokenSnapshotReading)?
  /// Where the session's calls (`refresh_token`, logins, logout) record analytics: the
  /// pipeline once the client has started (``NetworkModule``), none before.
  package nonisolated let callAnalytics = Locked<(any AnalyticsTracker)?>(nil)
  /// What runs on each side of every change of the stored tokens but a refresh (a
  /// login's ``store(_:)``, an ``endSession(_:reason:status:)``): the client's session
  /// observers, so nothing of the user leaving stays shown, not even while the change is
  /// being made (``NetworkClient``).
  package nonisolated let sessionObserver = Locked<(@Sendable (SessionChange) async -> Void)?>(
    nil)

  /// Creates a coordinator.
  /// - Parameters:
  ///   - store: Where the tokens live.
  ///   - clock: The clock delays and cool-downs are measured on.
  ///   - serverClock: The clock token expiry is judged on (the server's time); `clock`
  ///     when `nil`.
  ///   - configuration: Thresholds, retries and the circuit breaker.
  ///   - refreshBudget: The longest one shared refresh may take, attempts and delays
  ///     included (the network client passes `network.resourceTimeout`); no retry starts
  ///     that could end past it. `nil`: no bound.
  ///   - events: Where ``SessionRefreshed`` and ``SessionEnded`` are posted, if anywhere.
  ///   - logger: The session's logger.
  ///   - metrics: Where refreshes and breaker openings are counted; `nil` counts none.
  ///   - refresher: Makes one refresh call.
  public init(
    store: any TokenStore,
    clock: any LoyaltyClock,
    serverClock: (any LoyaltyClock)? = nil,
    configuration: TokenConfiguration,
    refreshBudget: Double? = nil,
    events: (any EventSink)?,
    logger: LoyaltyLogger,
    metrics: (any MetricsRecorder)? = nil,
    refresher: @escaping Refresher
  ) {
    self.refreshBudget = refreshBudget
    self.store = store
    self.snapshotSource = store as? any TokenSnapshotReading
    self.clock = clock
    self.serverClock = serverClock ?? clock
    self.configuration = configuration
    self.events = events
    self.logger = logger
    self.metrics = metrics
    self.refresher = refresher
    self.breaker = CircuitBreaker(
      threshold: configuration.circuitBreakerThreshold,
      coolDown: configuration.circuitBreakerResetTime)
  }

  /// The stored tokens, without refreshing.
  public func storedTokens() async throws -> TokenPair? {
    try await store.tokens()
  }

  /// Stores tokens from a login, replacing any session, and closes the circuit breaker.
  /// The client's session observers run before the tokens are stored and after: nothing
  /// of the user before is shown from the moment they change.
  public func store(_ tokens: TokenPair) async throws {
    try await changingSession { try await store.store(tokens) }
    breaker.recordSuccess()
  }

  /// Replaces how refresh calls are made (for a host-supplied token provider).
  public func setRefresher(_ refresher: @escaping Refresher) {
    self.refresher = refresher
  }

  /// How many refresh calls have been made.
  public var refreshCallCount: Int { refreshCalls }

  /// The circuit breaker's state.
  public var circuitState: CircuitBreaker.State { breaker.state }

  /// The tokens to send now, refreshed first if the access token is inside the refresh
  /// window.
  ///
  /// When the refresh fails transiently, or the circuit breaker pauses refresh calls,
  /// the current pair is returned as long as its access token is still valid.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/notAuthenticated`` when there are no
  ///   tokens; a refresh error when the token has expired and cannot be refreshed.
  public func currentTokens() async throws -> TokenPair {
    guard let pair = try await store.tokens() else {
      throw Self.notAuthenticated()
    }
    let token = sessionToken(for: pair)
    let now = serverClock.now
    guard needsRefresh(token, at: now) else { return pair }
    guard canRefresh(pair) else {
      // Nothing to refresh with: the token is used until it is too close to its expiry.
      if token.isSendable(at: now) { return pair }
      throw await unrefreshable(pair)
    }
    do {
      return try await refresh(replacing: pair.accessToken)
    } catch let error as LoyaltyError
      where Self.keepsSession(error) && token.isSendableAsJudged(at: serverClock.now)
    {
      // The refresh failed for now, but the current token still works until it expires.
      logger.warning("Refreshing failed for now; using the current token until it expires.")
      return pair
    }
  }

  /// The tokens to send now and their `Authorization` value, read without a hop to the
  /// actor or the store's: the answer of ``currentTokens()`` when it needs no refresh.
  ///
  /// `nil` when the store cannot tell its pair synchronously, when there is no pair, or
  /// when the access token is inside the refresh window (or expired): then
  /// ``currentTokens()`` decides, and a refresh is shared as before.
  nonisolated func tokensWithoutWaiting() -> TokenSnapshot? {
    guard let pair = snapshotSource?.tokensWithoutWaiting() else { return nil }
    let snapshot = snapshot(for: pair)
    guard !needsRefresh(snapshot.token, at: serverClock.now) else { return nil }
    return snapshot
  }

  /// Whether `token` must be refreshed before it is sent at `now`: past
  /// ``SessionToken/Stage/fresh`` (inside the refresh window, too close to its expiry to
  /// arrive in time, or issued after `now`: a clock behind the server's by an unknown
  /// amount, as a stored token read after the device's clock was set back, before any
  /// answer told the server's time).
  ///
  /// A token a refresh brought already past it is refreshed only once in a later stage
  /// than the one it arrived in: another refresh would bring a token as far along, so one
  /// that arrived inside the window is used until the send margin, one that arrived inside
  /// the margin until it expires on the estimate of the server's time, and one that
  /// arrived expired on it (the estimate cannot judge it) until the server refuses it.
  private nonisolated func needsRefresh(_ token: SessionToken, at now: Date) -> Bool {
    let stage = token.stage(at: now, threshold: configuration.refreshThreshold)
    if let arrived = arrivedDue.withLock({ $0 }), arrived.accessToken == token.pair.accessToken {
      return stage > arrived.stage
    }
    return stage > .fresh
  }

  /// Refreshes the tokens, or joins the refresh already in flight.
  /// - Parameter stale: The access token a request was refused with; when the stored
  ///   token is already different, it is returned without a refresh.
  /// - Returns: The new (or already current) tokens.
  public func refresh(replacing stale: String?) async throws -> TokenPair {
    if let inFlight {
      return try await inFlight.value
    }
    guard let current = try await store.tokens() else {
      throw Self.notAuthenticated()
    }
    if let inFlight {
      return try await inFlight.value
    }
    if let stale, current.accessToken != stale {
      return current
    }
    guard canRefresh(current) else {
      throw await unrefreshable(current)
    }
    try breaker.permit(at: clock.now)
    let recorder = CallRecorder(
      analytics: callAnalytics.withLock { $0 }, events: events, clock: clock)
    let task = Task {
      try await recorder.record("refresh_token") { try await self.performRefresh(of: current) }
    }
    inFlight = task
    return try await task.value
  }

  /// Whether the refresher can work without a refresh token (a host token provider).
  var refresherHandlesMissingRefreshToken = false

  /// Marks that refreshes come from a host token provider, which needs no refresh token.
  public func setUsesTokenProvider(_ usesProvider: Bool) {
    refresherHandlesMissingRefreshToken = usesProvider
  }

  /// Whether `pair` can be refreshed: it has a refresh token, or a host token provider
  /// makes new tokens.
  private func canRefresh(_ pair: TokenPair) -> Bool {
    !pair.refreshToken.isEmpty || refresherHandlesMissingRefreshToken
  }

  /// The error for a pair that cannot be refreshed. Once its access token has expired,
  /// the session ends.
  private func unrefreshable(_ pair: TokenPair) async -> LoyaltyError {
    guard sessionToken(for: pair).isExpired(at: serverClock.now) else {
      return LoyaltyError(
        .refreshFailed, "The session has no refresh token.",
        recoverySuggestion: "Log in again before the access token expires.")
    }
    logger.warning("The access token expired and cannot be refreshed; the session has ended.")
    await endSession(pair, reason: .refreshFailed)
    return LoyaltyError(
      .sessionEnded, "The access token expired and the session has no refresh token.",
      recoverySuggestion: "Log in again.")
  }

  /// Gives the server clock the `iat` (issued at) of `pair`'s access token, a sample of
  /// the server's time: only for a pair a refresh sent at `sentAt` (the server clock's
  /// monotonic time) has just brought (a stored pair may have been issued long ago).
  private nonisolated func recordIssuedAt(of pair: TokenPair, sentAt: TimeInterval) {
    guard let serverClock = serverClock as? ServerClock,
      let issuedAt = sessionToken(for: pair).issuedAt
    else { return }
    serverClock.record(issuedAt: issuedAt, sentAt: sentAt)
  }

  private nonisolated func sessionToken(for pair: TokenPair) -> SessionToken {
    snapshot(for: pair).token
  }

  /// The decoded snapshot of `pair`, made when the pair changed since the last one.
  private nonisolated func snapshot(for pair: TokenPair) -> TokenSnapshot {
    if let last = snapshot.withLock({ $0 }), last.token.pair == pair { return last }
    let fresh = TokenSnapshot(pair)
    snapshot.withLock { $0 = fresh }
    return fresh
  }

  /// Performs one shared refresh and counts its outcome.
  private func performRefresh(of current: TokenPair) async throws -> TokenPair {
    defer { inFlight = nil }
    guard let metrics else { return try await attemptRefresh(of: current) }
    do {
      let pair = try await attemptRefresh(of: current)
      Self.countRefresh(LoyaltyMetric.Outcome.success, in: metrics)
      return pair
    } catch {
      Self.countRefresh(LoyaltyMetric.Outcome.failure(error), in: metrics)
      throw error
    }
  }

  private func attemptRefresh(of current: TokenPair) async throws -> TokenPair {
    var lastError: LoyaltyError?
    let started = clock.now
    for (attempt, delay) in configuration.retryDelays.prefix(configuration.maxRetryAttempts)
      .enumerated()
    {
      if attempt > 0 {
        if let refreshBudget,
          clock.now.timeIntervalSince(started) + delay + configuration.refreshTimeout
            > refreshBudget
        {
          // Another attempt could end past the budget: the callers waiting for this
          // refresh would outlive their deadlines.
          break
        }
        if delay > 0 {
          try? await clock.sleep(for: delay)
        }
        do {
          try breaker.permit(at: clock.now)
        } catch {
          break
        }
      }
      refreshCalls += 1
      let sentAt = serverClock.monotonicTime
      switch await refresher(current) {
      case .refreshed(let pair):
        breaker.recordSuccess()
        return try await install(pair, replacing: current, sentAt: sentAt)
      case .rejected(let error):
        recordBreakerFailure()
        logger.warning("The server rejected the refresh token; the session has ended.")
        await endSession(current, reason: .refreshRejected)
        throw LoyaltyError(
          .refreshRejected, "The server rejected the refresh token; log in again.",
          recoverySuggestion: "Ask the user to log in again.",
          metadata: error.metadata, underlying: error)
      case .transient(let error):
        recordBreakerFailure()
        lastError = error
        logger.info("Refresh attempt \(attempt + 1) failed: \(error.message)")
      }
    }
    // Going offline never logs the user out: the pair is kept, and the next call tries
    // again (the circuit breaker permitting).
    logger.warning("Refreshing the session failed after every attempt; the tokens are kept.")
    throw LoyaltyError(
      .refreshFailed, "The session could not be refreshed for now; it is kept.",
      recoverySuggestion: "Check the connection and try again.", underlying: lastError)
  }

  /// Records a failed refresh call with the breaker, counting the breaker's opening.
  private func recordBreakerFailure() {
    if breaker.recordFailure(at: clock.now), let metrics {
      metrics.record(.counter(LoyaltyMetric.Name.circuitBreakerOpens))
    }
  }

  private func install(_ pair: TokenPair, replacing current: TokenPair, sentAt: TimeInterval)
    async throws -> TokenPair
  {
    recordIssuedAt(of: pair, sentAt: sentAt)
    let stage = sessionToken(for: pair).stage(
      at: serverClock.now, threshold: configuration.refreshThreshold)
    if stage > .fresh {
      // Short-lived, or the estimate of the server's time is off (behind its `iat`, say):
      // used as it is, and refreshed again only once in a later stage.
      logger.debug("A refreshed token is already \(stage): refreshed again only past it.")
      arrivedDue.withLock { $0 = (pair.accessToken, stage) }
    }
    if try await store.replace(current, with: pair) {
      events?.post(SessionRefreshed())
      logger.debug("Session refreshed.")
      return pair
    }
    // Someone stored other tokens meanwhile (a new login, a logout): theirs win.
    guard let stored = try await store.tokens() else {
      throw Self.notAuthenticated()
    }
    return stored
  }
}
