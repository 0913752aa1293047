import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs location updates one at a time against the fences, and keeps the state.
///
/// Updates are serialized: each waits for the one before it, so the state is read,
/// changed and persisted by one update at a time even though the actor suspends while
/// it queries the store.
actor GeofenceMonitor {
  private let engine: GeofenceEngine
  private let pois: any PointOfInterestStore
  private let store: (any KeyValueStore)?
  private let logger: LoyaltyLogger
  private var state: GeofenceState?
  private var tail: Task<Void, Never>?

  init(
    configuration: GeofenceConfiguration, pois: any PointOfInterestStore,
    store: (any KeyValueStore)?, logger: LoyaltyLogger
  ) {
    self.engine = GeofenceEngine(configuration: configuration)
    self.pois = pois
    self.store = store
    self.logger = logger
  }

  var configuration: GeofenceConfiguration { engine.configuration }

  /// The outcome of one update, before notifications are decided.
  struct Outcome: Sendable {
    var transitions: [GeofenceTransition] = []
    var regions: RegionSelection?
    var ignored: IgnoredUpdate?
  }

  /// Evaluates `update` after every update submitted before it.
  func evaluate(_ update: LocationUpdate) async throws -> Outcome {
    try await serialized { try await $0.run(update) }
  }

  /// The current state (loaded from the store the first time).
  func currentState() async throws -> GeofenceState {
    try await serialized { try await $0.loadState() }
  }

  /// Chooses the regions around `point` now, and remembers them.
  func chooseRegions(near point: GeoPoint, limit: Int, at date: Date) async throws
    -> RegionSelection
  {
    try await serialized { monitor in
      var state = try await monitor.loadState()
      let selection = try await monitor.select(near: point, limit: limit, at: date)
      state.selection = selection
      try await monitor.save(state)
      return selection
    }
  }

  /// Forgets every visit and the regions (the user turned location features off).
  func reset() async throws {
    try await serialized { monitor in
      try await monitor.save(GeofenceState())
    }
  }

  // Not specialised: runs once per operation on the state: one copy for every result type.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private func serialized<T: Sendable>(
    _ body: @escaping @Sendable (isolated GeofenceMonitor) async throws -> T
  ) async throws -> T {
    let previous = tail
    let task = Task { () async throws -> T in
      await previous?.value
      return try await body(self)
    }
    tail = Task { _ = try? await task.value }
    return try await task.value
  }

  private func run(_ update: LocationUpdate) async throws -> Outcome {
    var state = try await loadState()
    if let last = state.lastTimestamp, update.timestamp < last {
      return Outcome(ignored: .outOfOrder)
    }
    let nearby = try await pois.pointsOfInterest(
      containing: update.point, margin: engine.candidateMargin(for: update))
    var outcome = Outcome()
    outcome.transitions = engine.evaluate(update, nearby: nearby, state: &state)
    if state.selection?.isStale(at: update.point) ?? true {
      let selection = try await select(
        near: update.point, limit: engine.configuration.effectiveRegionLimit,
        at: update.timestamp)
      state.selection = selection
      outcome.regions = selection
    }
    try await save(state)
    return outcome
  }

  private func select(near point: GeoPoint, limit: Int, at date: Date) async throws
    -> RegionSelection
  {
    guard (1...GeofenceConfiguration.platformRegionLimit).contains(limit) else {
      throw LoyaltyError(
        .regionLimitExceeded,
        "Between 1 and \(GeofenceConfiguration.platformRegionLimit) regions can be monitored; "
          + "\(limit) were asked for.", metadata: ["limit": String(limit)])
    }
    let nearest = try await pois.nearest(to: point, limit: limit)
    let farthest = nearest.map { GeoDistance.metres(from: point, to: $0.center) }.max() ?? 0
    return RegionSelection(
      center: point, regions: nearest.map(MonitoredRegion.init),
      refreshDistance: max(engine.configuration.minimumRefreshDistance, farthest / 2),
      chosenAt: date)
  }

  /// Deletes the fence state, with the last position and the regions, from memory and
  /// from the store (the user turned location off).
  func erase() async throws {
    try await serialized { monitor in
      monitor.state = GeofenceState()
      try await monitor.store?.removeValue(forKey: GeofenceState.storageKey)
    }
  }

  private func loadState() async throws -> GeofenceState {
    if let state { return state }
    var loaded = GeofenceState()
    do {
      loaded =
        try await store?.value(GeofenceState.self, forKey: GeofenceState.storageKey)
        ?? GeofenceState()
    } catch let error as LoyaltyError where error.code == .storedValueUnreadable {
      logger.warning(
        "The stored geofence state could not be read; starting outside every fence.",
        metadata: ["key": GeofenceState.storageKey])
    }
    state = loaded
    return loaded
  }

  private func save(_ state: GeofenceState) async throws {
    self.state = state
    try await store?.set(state, forKey: GeofenceState.storageKey)
  }
}
