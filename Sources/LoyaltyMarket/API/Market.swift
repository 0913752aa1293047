public import LoyaltyCore
public import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The loyalty APIs: campaigns, coupons, merchants, profile, cards, points, market pass.
///
/// Every call is `async throws`; ``run(on:_:completion:)`` delivers any of them to a
/// completion handler instead.
/// Calls record `custom_{success|error}_{operation}_loyalty` analytics when an analytics
/// pipeline is registered, keep what they fetch in ``state``, and post the platform's
/// events (``CampaignsRetrieved``, ``CouponsFetched``, ``MarketPassDetailsFetched``).
///
/// An answer lands only where it was asked for: a read whose user changed (a login, a
/// logout) or whose language changed (``LoyaltyCore/AppLifecycle/setLanguage(_:)``) while
/// it was in flight writes nothing and throws
/// ``LoyaltyCore/LoyaltyError/Code/contextChanged`` (`Docs/Offline.md`).
///
/// Answers are read tolerantly: a field that is absent or unreadable where a sensible
/// value exists gives that value and is reported as drift (a warning once, a
/// ``ResponseDrift`` event once, counters in ``drift``); a field without which the answer
/// means nothing fails the call with an error naming the call and the field.
///
/// ```swift
/// let market = try client.market
/// let campaigns = try await market.campaigns()
/// let coupons = try await market.coupons()
/// ```
public final class Market: Sendable {
  /// What the market last fetched.
  public let state = MarketState()
  /// The language used when a call does not name one: the configuration's, until the
  /// host changes it through ``LoyaltyCore/AppLifecycle/setLanguage(_:)``.
  public var defaultLanguage: String { lifecycle?.language ?? network.configuration.language }
  /// The drift seen in this market's answers: `market.drift.snapshot()`.
  public let drift: DriftMonitor

  let network: NetworkClient
  let events: (any EventSink)?
  /// Records each call's outcome: analytics, and ``LoyaltyCore/CallCompleted`` on the bus.
  private let recorder: CallRecorder
  let lifecycle: AppLifecycle?
  /// The offline cache: whose answers, which are fresh, the calls in flight.
  let offline: MarketCacheController

  /// Creates the market API over a network client.
  /// - Parameters:
  ///   - network: The client every market call goes through.
  ///   - events: Where the market's events are published; none when `nil`.
  ///   - analytics: Where each call's success or failure is recorded; none when `nil`.
  ///   - logger: Where drift warnings go.
  ///   - cache: Where answers are kept for offline reads (`Docs/Offline.md`); in memory
  ///     when not given.
  ///   - privacy: Whether the user allows the cache; allowed when `nil`.
  ///   - lifecycle: The host's lifecycle: refreshes when the app becomes active or the
  ///     network returns, the language at run time; none when `nil`.
  public init(
    network: NetworkClient, events: (any EventSink)? = nil,
    analytics: (any AnalyticsTracker)? = nil, logger: LoyaltyLogger = .disabled,
    cache: any MarketCache = InMemoryMarketCache(), privacy: PrivacyCenter? = nil,
    lifecycle: AppLifecycle? = nil
  ) {
    self.network = network
    self.events = events
    self.recorder = CallRecorder(analytics: analytics, events: events, clock: network.clock)
    self.lifecycle = lifecycle
    self.drift = DriftMonitor(logger: logger, events: events)
    self.offline = MarketCacheController(
      cache: cache, configuration: network.configuration.cache, network: network,
      privacy: privacy, logger: logger)
    network.addSessionObserver { [weak self] change in await self?.sessionChanged(change) }
    privacy?.addObserver { [weak self] change in
      guard change.disabled.contains(.offlineCache) else { return }
      await self?.eraseCache()
    }
    lifecycle?.addObserver { [weak self] event in await self?.handle(event) }
  }

  // The call plumbing below is not specialised: it runs once per call, and a copy of each
  // function (and of its async parts) per result type cost a host more binary than the
  // calls themselves.

  /// Sends the endpoint `make` builds around a fresh drift collector, and reports what
  /// the collector saw, whether the call succeeded or not.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func send<T: Sendable>(_ make: (DriftCollector) -> Endpoint<T>) async throws -> T {
    let collector = DriftCollector()
    let endpoint = make(collector)
    defer { drift.report(collector, call: endpoint.name) }
    return try await network.send(endpoint)
  }

  /// Sends a declared call with `arguments` around a fresh drift collector.
  /// - Parameter idempotencyKey: The key of an earlier attempt, for a call that is not
  ///   idempotent; a new one when `nil`.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func send<Arguments, Result>(
    _ declaration: MarketCallDeclaration<Arguments, Result>, _ arguments: Arguments,
    idempotencyKey: IdempotencyKey? = nil
  ) async throws -> Result {
    try await send {
      var endpoint = declaration.endpoint(arguments, drift: $0)
      endpoint.idempotencyKey = idempotencyKey
      return endpoint
    }
  }

  /// Sends a declared call with `arguments`, recording its outcome under its name: the
  /// whole of a market method that adds nothing to its call.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func perform<Arguments, Result>(
    _ declaration: MarketCallDeclaration<Arguments, Result>, _ arguments: Arguments,
    idempotencyKey: IdempotencyKey? = nil
  ) async throws -> Result {
    try await call(declaration.name) {
      try await send(declaration, arguments, idempotencyKey: idempotencyKey)
    }
  }

  /// Sends a declared call without arguments, recording its outcome under its name.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func perform<Result>(_ declaration: MarketCallDeclaration<Void, Result>)
    async throws -> Result
  {
    try await perform(declaration, ())
  }

  /// Runs a call, recording its outcome with the platform's naming.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func call<T: Sendable>(_ operation: String, _ body: () async throws -> T) async throws -> T {
    try await recorder.record(operation, body)
  }

  // MARK: State the host provides

  /// Sets the contextual (CCMS) offers and posts ``CCMSRetrieved``.
  public func setCCMSOffers(_ offers: [ContextualOffer]) async {
    await state.setCCMSOffers(offers)
    events?.post(CCMSRetrieved(count: offers.count))
  }

  /// Sets the seasonal packages and posts ``SeasonalsRetrieved``.
  public func setSeasonals(_ packages: [SeasonalPackage]) async {
    await state.setSeasonals(packages)
    events?.post(SeasonalsRetrieved(count: packages.count))
  }
}
