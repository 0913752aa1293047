import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Market {
  /// The headers of an answer worth keeping: its validators, its date and its type. The
  /// rest (cookies among them) is not written to the device.
  private static let keptHeaders = ["ETag", "Last-Modified", "Date", "Content-Type"]

  /// The cache key of a declared call with `arguments`: its name and the fields it sends,
  /// as sorted JSON, so two reads share an answer exactly when they ask the same.
  func cacheKey<Arguments, Result>(
    _ declaration: MarketCallDeclaration<Arguments, Result>, _ arguments: Arguments
  ) -> String {
    let fields = (try? JSONValue.object(declaration.fields(arguments)).jsonData()) ?? Data()
    return declaration.name + "?" + String(decoding: fields, as: UTF8.self)
  }

  /// Runs the cached read `call` under `policy`, and lands its answer only where it was
  /// asked for.
  ///
  /// A ticket (``AnswerContext``) is taken first, for the user and `language` (`nil`: a
  /// read with no language). `body` reads with it; then, in one step of the state's
  /// actor, unless the user or the language changed meanwhile (or the client shut down),
  /// `landing` writes the answer into ``state`` and posts its events, and `rerun` is
  /// recorded under `kind` for the lifecycle's refreshes. A late answer lands nowhere:
  /// the caller gets ``LoyaltyCore/LoyaltyError/Code/contextChanged`` (or
  /// ``LoyaltyCore/LoyaltyError/Code/clientShutDown``).
  ///
  /// ``LoyaltyCore/ReadPolicy/staleWhileRevalidate`` reads the cache and refreshes behind
  /// it, through `body` and `landing` again on the same ticket (its updates of ``state``
  /// reach the change streams); the other policies go to `body` as they are.
  ///
  /// Not specialised, like the rest of the call plumbing: it runs once per call.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func reading<Value: Sendable>(
    _ call: String, kind: String, _ policy: ReadPolicy?, language: String?,
    rerun: MarketCacheController.Refresher? = nil,
    _ body: @escaping @Sendable (ReadPolicy, AnswerContext.Ticket) async throws -> Answered<Value>,
    landing: @escaping @Sendable (isolated MarketState, Answered<Value>) -> Void = { _, _ in }
  ) async throws -> Answered<Value> {
    let policy = policy ?? offline.configuration.policy
    let ticket = offline.context.ticket(language: language)
    let land = { @Sendable [self] (policy: ReadPolicy) async throws -> Answered<Value> in
      let answered = try await body(policy, ticket)
      let context = offline.context
      try await state.land(unless: { context.staleness(of: ticket, call: call) }) {
        [offline] state in
        landing(state, answered)
        if let rerun {
          offline.record(kind: kind, fromCache: answered.isFromCache, refresher: rerun)
        }
      }
      return answered
    }
    guard policy == .staleWhileRevalidate else { return try await land(policy) }
    let cached: Answered<Value>
    do {
      cached = try await land(.cacheOnly)
    } catch let error as LoyaltyError where error.code == .notCached {
      return try await land(.networkFirst)
    }
    offline.inBackground { [logger = offline.logger] in
      do {
        _ = try await land(.networkFirst)
      } catch {
        logger.info("A revalidation behind a cached answer failed: \(error)")
      }
    }
    return cached
  }

  /// Reads a declared call under `policy` (``LoyaltyCore/ReadPolicy/staleWhileRevalidate``
  /// is ``reading(_:_:)``'s): from the cache, the network, or the network falling back to
  /// the cache, for the current user. Identical reads in flight share one call, whatever
  /// their policies (a network-only read never takes a cached answer from it); a `GET`
  /// with a cached validator is sent conditionally. Its answer is stored only while the
  /// read of `ticket` still lands in the cache.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func read<Arguments, Result>(
    _ declaration: MarketCallDeclaration<Arguments, Result>, _ arguments: Arguments,
    kind: String, policy: ReadPolicy, ticket: AnswerContext.Ticket
  ) async throws -> Answered<Result> {
    let key = cacheKey(declaration, arguments)
    let owner = await network.cacheOwner()
    let enabled = await offline.isEnabled()
    if policy == .cacheOnly && !enabled {
      throw LoyaltyError(
        .featureDisabled,
        "\(declaration.name) asked for the cache only, and the offline "
          + "cache is turned off.", metadata: ["call": declaration.name, "feature": "offlineCache"])
    }
    let stored = enabled ? await offline.cached(key: key, owner: owner) : nil
    // Decoded only when it may be the answer: never for the network only (the stored
    // answer gives its validators), and for the network first when fresh or as fallback.
    let cachedValue = { () -> Answered<Result>? in
      stored.flatMap { self.decodeCached($0, declaration, arguments) }
    }
    switch policy {
    case .cacheOnly, .staleWhileRevalidate:
      guard let cachedValue = cachedValue() else {
        throw LoyaltyError(
          .notCached, "The device holds no answer to \(declaration.name) for this user.",
          metadata: ["call": declaration.name])
      }
      return cachedValue
    case .networkFirst:
      if let stored, offline.isFresh(stored), let cachedValue = cachedValue() {
        return cachedValue
      }
    case .networkOnly:
      break
    }
    do {
      // Every read that goes to the network joins the flight in flight for its user and
      // key. A read that may answer from the cache looks again when it starts one: a
      // flight that ended between this read's look and its start left a fresh answer, and
      // sending again would be for nothing. A network-only read that joined such a flight
      // and got that answer sends its own.
      let mayUseCache = policy == .networkFirst && enabled
      let flown = try await offline.joined(owner: owner, key: key) { [self] in
        if mayUseCache, let again = await offline.cached(key: key, owner: owner),
          offline.isFresh(again), let value = decodeCached(again, declaration, arguments)
        {
          return value
        }
        return try await fetch(
          declaration, arguments, kind: kind, key: key, owner: owner, stored: stored,
          ticket: ticket)
      }
      guard policy == .networkOnly, flown.source == .cache else { return flown }
      return try await fetch(
        declaration, arguments, kind: kind, key: key, owner: owner, stored: stored,
        ticket: ticket)
    } catch  where policy == .networkFirst && MarketCacheController.fallsBack(after: error) {
      guard let cachedValue = cachedValue() else { throw error }
      offline.logger.info("\(declaration.name) failed (\(error)); answering from the cache.")
      return cachedValue
    }
  }

  /// The value of a stored answer, read by the call's own reader (drift is not reported
  /// again); an answer that no longer reads is deleted.
  private func decodeCached<Arguments, Result>(
    _ stored: CachedAnswer, _ declaration: MarketCallDeclaration<Arguments, Result>,
    _ arguments: Arguments
  ) -> Answered<Result>? {
    do {
      let value = try NetworkClient.decode(
        stored.response, for: declaration.endpoint(arguments, drift: nil))
      return Answered(value: value, source: .cache, answeredAt: stored.answeredAt)
    } catch {
      offline.logger.warning(
        "A cached answer to \(declaration.name) no longer reads; it is dropped.")
      let cache = offline.cache
      Task { try? await cache.removeAnswer(forKey: stored.key, owner: stored.owner) }
      return nil
    }
  }

  /// Sends the call (conditionally when a validator is cached), stores its answer and
  /// returns its value.
  private func fetch<Arguments, Result>(
    _ declaration: MarketCallDeclaration<Arguments, Result>, _ arguments: Arguments,
    kind: String, key: String, owner: String, stored: CachedAnswer?,
    ticket: AnswerContext.Ticket
  ) async throws -> Answered<Result> {
    let collector = DriftCollector()
    let endpoint = declaration.endpoint(arguments, drift: collector)
    defer { drift.report(collector, call: endpoint.name) }
    let exchanged = try await network.exchange(endpoint, revalidating: stored?.response)
    var headers = HTTPHeaders()
    for name in Self.keptHeaders {
      if let value = exchanged.response.headers[name] { headers.add(name: name, value: value) }
    }
    await offline.store(
      CachedAnswer(
        key: key, owner: owner, kind: kind, status: exchanged.response.status,
        headers: headers, body: exchanged.response.body, answeredAt: exchanged.answeredAt,
        storedAt: offline.deviceNow), ticket: ticket)
    return Answered(
      value: exchanged.value, source: exchanged.isNotModified ? .revalidated : .network,
      answeredAt: exchanged.answeredAt)
  }
}
