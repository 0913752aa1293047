/// The privacy features the user allowed, for one client: ``LoyaltyClient/privacy``.
///
/// Until the user chooses, the configuration's default applies
/// (``LoyaltyConfiguration/privacy``); the first choice is persisted in the client's
/// ``PrivacyStore`` (the database with `StoreModule()`) before the setter returns, so it
/// survives a restart and a kill, and from then on the default no longer applies.
///
/// ```swift
/// let privacy = try client.privacy
/// try await privacy.setEnabledFeatures([.analytics])  // the user agreed to analytics only
/// let tracksPlaces = try await privacy.enabledFeatures().contains(.location)  // false
/// ```
///
/// Each feature is enforced where its data is recorded or leaves the device, by the
/// module that owns it, never by its callers: the analytics pipeline, geofencing, device
/// registration. Those modules observe the center; a setter returns once every one of
/// them has applied the change (what was turned off is deleted), and then posts
/// ``PrivacyFeaturesChanged``. Changes run one at a time, in the order they were asked.
///
/// When the stored choice cannot be read, every feature counts as off until it can:
/// the center fails closed, never open.
public final class PrivacyCenter: Sendable {
  /// What a module runs when the enabled features change.
  public typealias Observer = @Sendable (PrivacyChange) async -> Void

  /// The features a device starts with before its user chooses.
  public let defaultFeatures: PrivacyFeatures

  private struct State {
    /// The enabled features, once read from the store or set.
    var current: PrivacyFeatures?
    var observers: [Observer] = []
    /// Whether a change is being applied; the next waits in `waiters`.
    var busy = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Whether a failed read was logged already.
    var readFailureLogged = false
  }

  private let state = Locked(State())
  private let store: @Sendable () throws -> any PrivacyStore
  private let events: @Sendable () -> (any EventSink)?
  private let logger: LoyaltyLogger

  /// Creates a center.
  /// - Parameters:
  ///   - defaultFeatures: The features enabled until the user chooses.
  ///   - store: Where the choice persists.
  ///   - events: Where ``PrivacyFeaturesChanged`` is posted.
  ///   - logger: Where changes and failures are logged.
  public convenience init(
    defaultFeatures: PrivacyFeatures, store: any PrivacyStore, events: (any EventSink)? = nil,
    logger: LoyaltyLogger = .disabled
  ) {
    self.init(
      defaultFeatures: defaultFeatures, store: { store }, events: { events }, logger: logger)
  }

  /// Creates a center that finds its store and sink when it first needs them: the
  /// client's are made by modules that start after the center exists.
  init(
    defaultFeatures: PrivacyFeatures, store: @escaping @Sendable () throws -> any PrivacyStore,
    events: @escaping @Sendable () -> (any EventSink)?, logger: LoyaltyLogger
  ) {
    self.defaultFeatures = defaultFeatures
    self.store = store
    self.events = events
    self.logger = logger
  }

  // MARK: Reading

  /// The features enabled now: the user's choice, or the default when there is none.
  /// - Throws: What the store throws when the choice cannot be read.
  public func enabledFeatures() async throws -> PrivacyFeatures {
    if let current = state.withLock({ $0.current }) { return current }
    let stored = try await store().storedFeatures()
    return state.withLock { state in
      // A change that landed while the store was read is newer than what was read.
      let current = state.current ?? stored ?? defaultFeatures
      state.current = current
      return current
    }
  }

  /// Whether every feature in `features` is enabled. When the choice cannot be read,
  /// `false` (logged once): a feature is never on by mistake.
  public func isEnabled(_ features: PrivacyFeatures) async -> Bool {
    do {
      return try await enabledFeatures().isSuperset(of: features)
    } catch {
      let first = state.withLock { state in
        defer { state.readFailureLogged = true }
        return !state.readFailureLogged
      }
      if first {
        logger.error("The privacy choice cannot be read; every feature counts as off: \(error)")
      }
      return false
    }
  }

  /// Whether the user has made a choice on this device (the default no longer applies).
  /// - Throws: What the store throws.
  public func hasUserChoice() async throws -> Bool {
    try await store().storedFeatures() != nil
  }

  // MARK: Changing

  /// Enables exactly `features`, persisting the choice before it returns; what turned
  /// off is deleted by then.
  /// - Returns: What changed.
  /// - Throws: What the store throws; the features that were to turn on stay off then.
  @discardableResult
  public func setEnabledFeatures(_ features: PrivacyFeatures) async throws -> PrivacyChange {
    try await change(keeping: [], adding: features)
  }

  /// Enables `features` as well as those enabled now.
  /// - Returns: What changed.
  /// - Throws: What the store throws.
  @discardableResult
  public func enable(_ features: PrivacyFeatures) async throws -> PrivacyChange {
    try await change(keeping: PrivacyFeatures(rawValue: .max), adding: features)
  }

  /// Disables `features`, keeping the others; what they recorded is deleted before it
  /// returns.
  /// - Returns: What changed.
  /// - Throws: What the store throws; the features stay off in this process then.
  @discardableResult
  public func disable(_ features: PrivacyFeatures) async throws -> PrivacyChange {
    try await change(keeping: PrivacyFeatures(rawValue: .max).subtracting(features), adding: [])
  }

  /// Forgets the user's choice in the store and in memory: the next read gives the
  /// default, as on a new device. Observers are not told (erasing data calls it).
  /// - Throws: What the store throws.
  public func forgetChoice() async throws {
    await acquire()
    defer { release() }
    try await store().removeChoice()
    state.withLock { $0.current = nil }
  }

  /// Adds what a module runs on each change; it runs before the setter returns, one
  /// observer after another, in the order they were added.
  public func addObserver(_ observer: @escaping Observer) {
    state.withLock { $0.observers.append(observer) }
  }

  /// Applies one change: the features enabled now that are in `kept`, and `added`.
  @inline(never)
  private func change(keeping kept: PrivacyFeatures, adding added: PrivacyFeatures)
    async throws -> PrivacyChange
  {
    await acquire()
    defer { release() }
    let previous = try await enabledFeatures()
    let current = previous.intersection(kept).union(added)
    // What turns off stops now, before the choice is written; what turns on waits for it.
    state.withLock { $0.current = previous.intersection(current) }
    try await store().save(current)
    let observers = state.withLock { state in
      state.current = current
      return state.observers
    }
    let change = PrivacyChange(previous: previous, current: current)
    guard previous != current else { return change }
    logger.info("Privacy features changed from \(previous) to \(current).")
    for observer in observers {
      await observer(change)
    }
    events()?.post(PrivacyFeaturesChanged(change: change))
    return change
  }

  /// Waits until no other change runs.
  private func acquire() async {
    let acquired = state.withLock { state -> Bool in
      guard state.busy else {
        state.busy = true
        return true
      }
      return false
    }
    guard !acquired else { return }
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Hands the turn to the next waiting change, or frees it.
  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.busy = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }
}
