import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The market's side of the offline cache: whose answers are read, whether the cache may
/// be used, which answers are fresh enough to skip a call, the calls in flight that
/// identical reads join, and the reads to run again when the app comes back or the
/// network does.
final class MarketCacheController: Sendable {
  /// Runs a read again with a policy, in a language: what ``Market`` registers per kind.
  typealias Refresher = @Sendable (ReadPolicy, String) async -> Void

  private struct State {
    /// The calls in flight, by owner and key: an identical read joins the call.
    var inFlight: [String: Task<any Sendable, any Error>] = [:]
    /// When a kind was last made stale by a change of the user's (a redemption).
    var invalidated: [String: Date] = [:]
    /// The last read of each kind, to run again.
    var refreshers: [String: Refresher] = [:]
    /// The kinds whose last read came from the cache.
    var servedFromCache: Set<String> = []
    /// Revalidations running behind a cached answer.
    var background: [UUID: Task<Void, Never>] = [:]
  }

  let cache: any MarketCache
  /// Whom and in what language reads are asked for: where their answers land.
  let context: AnswerContext
  let configuration: CacheConfiguration
  let network: NetworkClient
  private let privacy: PrivacyCenter?
  let logger: LoyaltyLogger
  private let state = Locked(State())

  init(
    cache: any MarketCache, configuration: CacheConfiguration, network: NetworkClient,
    privacy: PrivacyCenter?, logger: LoyaltyLogger
  ) {
    self.cache = cache
    self.context = AnswerContext(logger: logger)
    self.configuration = configuration
    self.network = network
    self.privacy = privacy
    self.logger = logger
  }

  /// The device's wall clock: what minimum intervals are measured on.
  var deviceNow: Date { network.serverClock.device.now }

  /// The server's time, as the SDK estimates it: what ages and expiries are judged on.
  var serverNow: Date { network.serverClock.now }

  /// Whether the user allows the offline cache (``LoyaltyCore/PrivacyFeatures/offlineCache``).
  func isEnabled() async -> Bool {
    guard let privacy else { return true }
    return await privacy.isEnabled(.offlineCache)
  }

  /// The stored answer for `key` of `owner`, if it is younger than the maximum age; an
  /// older one is deleted. A cache that cannot be read counts as empty, and says so.
  func cached(key: String, owner: String) async -> CachedAnswer? {
    do {
      guard let answer = try await cache.answer(forKey: key, owner: owner) else { return nil }
      guard serverNow.timeIntervalSince(answer.answeredAt) <= configuration.maximumAge else {
        try await cache.removeAnswer(forKey: key, owner: owner)
        return nil
      }
      return answer
    } catch {
      logger.error("The market cache could not be read for \(key): \(error)")
      return nil
    }
  }

  /// Whether `answer` is recent enough that a read skips the network: stored less than
  /// its kind's minimum interval ago on the device's clock, not in the device's future (a
  /// clock set back), and after the last change that made its kind stale.
  func isFresh(_ answer: CachedAnswer) -> Bool {
    let now = deviceNow
    let interval = configuration.minimumInterval(of: answer.kind)
    guard answer.storedAt <= now, now.timeIntervalSince(answer.storedAt) < interval else {
      return false
    }
    let invalidated = state.withLock { $0.invalidated[answer.kind] }
    return invalidated.map { answer.storedAt > $0 } ?? true
  }

  /// Marks `kinds` stale: their next read asks the network whatever their interval.
  func invalidate(_ kinds: [String]) {
    let now = deviceNow
    state.withLock { state in
      for kind in kinds { state.invalidated[kind] = now }
    }
  }

  /// Stores `answer` unless the user changed meanwhile or turned the cache off; with the
  /// `ticket` of the read it answers, unless that read no longer lands in the cache
  /// (``AnswerContext/mayStore(_:)``), checked again once it is written: what a change
  /// erased while it was being written stays erased.
  func store(_ answer: CachedAnswer, ticket: AnswerContext.Ticket? = nil) async {
    guard ticket.map(context.mayStore) ?? true, await isEnabled(),
      await network.cacheOwner() == answer.owner
    else { return }
    do {
      try await cache.store(answer)
      if let ticket, !context.mayStore(ticket) {
        try await cache.removeAnswer(forKey: answer.key, owner: answer.owner)
      }
    } catch {
      logger.error("The market cache could not keep \(answer.key): \(error)")
    }
  }

  /// Runs `call` for `owner` and `key`, or joins the one in flight.
  func joined<Result: Sendable>(
    owner: String, key: String, _ call: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    let slot = owner + "\u{1F}" + key
    let task = state.withLock { state -> Task<any Sendable, any Error> in
      if let running = state.inFlight[slot] { return running }
      let task = Task<any Sendable, any Error> { try await call() }
      state.inFlight[slot] = task
      return task
    }
    defer {
      state.withLock { state in
        // Only this flight's slot: a later flight for the same key keeps its own.
        if state.inFlight[slot] == task { state.inFlight[slot] = nil }
      }
    }
    let value = try await task.value
    guard let result = value as? Result else {
      throw LoyaltyError(.internalInconsistency, "Two reads of \(key) expect different results.")
    }
    return result
  }

  /// Records the last read of `kind` and whether it came from the cache.
  func record(kind: String, fromCache: Bool, refresher: @escaping Refresher) {
    state.withLock { state in
      state.refreshers[kind] = refresher
      if fromCache {
        state.servedFromCache.insert(kind)
      } else {
        state.servedFromCache.remove(kind)
      }
    }
  }

  /// Runs `work` behind a cached answer; ``cancelBackground()`` ends it.
  func inBackground(_ work: @escaping @Sendable () async -> Void) {
    let id = UUID()
    state.withLock { state in
      state.background[id] = Task { [weak self] in
        await work()
        _ = self?.state.withLock { $0.background.removeValue(forKey: id) }
      }
    }
  }

  /// Ends the revalidations running behind cached answers.
  func cancelBackground() {
    let running = state.withLock { state in
      defer { state.background = [:] }
      return Array(state.background.values)
    }
    for task in running { task.cancel() }
  }

  /// Waits for the revalidations running behind cached answers (tests, the demo).
  func waitForBackground() async {
    while let next = state.withLock({ $0.background.values.first }) {
      await next.value
    }
  }

  /// Forgets every read, staleness and revalidation: a new user starts clean.
  func forgetReads() {
    cancelBackground()
    state.withLock { state in
      state.refreshers = [:]
      state.servedFromCache = []
      state.invalidated = [:]
    }
  }

  /// Runs the last read of every kind again with `policy` in `language`; with
  /// `onlyFromCache`, only those whose last read came from the cache.
  func rerun(policy: ReadPolicy, language: String, onlyFromCache: Bool = false) async {
    let refreshers = state.withLock { state in
      state.refreshers.filter { !onlyFromCache || state.servedFromCache.contains($0.key) }
    }
    await withTaskGroup(of: Void.self) { group in
      for (_, refresher) in refreshers {
        group.addTask { await refresher(policy, language) }
      }
    }
  }

  /// Whether a read under ``LoyaltyCore/ReadPolicy/networkFirst`` falls back to the
  /// cache after `error`: a transient failure (``LoyaltyCore/LoyaltyError/isTransient``:
  /// no connection, a timeout, a reset, 408, 429, 5xx, a refresh that failed for now, an
  /// open circuit breaker), or an answer the network spoiled (empty, cut, too large, not
  /// decompressed); not a refusal of the server's (another 4xx), a decoding failure, an
  /// ended session, a bad URL or a cancelled read.
  static func fallsBack(after error: any Error) -> Bool {
    guard let error = error as? LoyaltyError else { return false }
    // A cancelled read is the caller's to end, and a bad URL no network cures.
    let spoiled =
      error.category == .network && error.code != .invalidURL
      && error.code != .cancelled
    return error.isTransient || spoiled
  }
}
