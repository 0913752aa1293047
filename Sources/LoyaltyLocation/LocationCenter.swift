public import LoyaltyCore
public import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Geofenced merchant notifications, headless: the host feeds position fixes; the
/// center reports fence entries, exits and dwells, decides (through the
/// ``LoyaltyCore/NotificationLimiter``) whether an entry may notify the user, and says
/// which regions the platform should monitor.
///
/// ```swift
/// let location = try client.location
/// try await location.syncPointsOfInterest()
/// let result = try await location.update(
///   LocationUpdate(
///     latitude: 37.9755, longitude: 23.7348, horizontalAccuracy: 12, timestamp: fix.timestamp))
/// if let regions = result.regions { register(regions) }
/// ```
///
/// Allowed entries are posted as ``OfferNotificationRequested`` on the event sink (the
/// host shows a local notification); refused ones as ``OfferNotificationRefused``
/// with the reason; every transition as ``GeofenceTransitioned``. With an analytics
/// pipeline, `geofence_entered` and `offer_notification_shown` are recorded.
public final class LocationCenter: Sendable {
  /// The analytics event recorded for each fence entry.
  public static let entryAnalyticsEvent = "geofence_entered"
  /// The analytics event recorded for each notification allowed (and so shown).
  public static let notificationAnalyticsEvent = "offer_notification_shown"

  /// The points of interest geofencing watches.
  public let pointsOfInterest: any PointOfInterestStore
  /// The limiter entries are decided by: the client's one, shared with LoyaltyPush.
  public let limiter: NotificationLimiter
  /// The rules.
  public let configuration: GeofenceConfiguration
  private let monitor: GeofenceMonitor
  private let synchronizer: POISynchronizer
  private let events: (any EventSink)?
  private let analytics: (any AnalyticsTracker)?
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let counters = Locked(LocationStatistics())
  private let privacy: PrivacyCenter?

  /// Creates a center. ``LocationModule`` makes one per client; tests and hosts
  /// without a client may make their own.
  /// - Parameters:
  ///   - configuration: The fence and region rules.
  ///   - pointsOfInterest: Where the points of interest live.
  ///   - store: Where the fence state persists; in memory only when `nil`.
  ///   - limiter: Decides entries.
  ///   - network: Syncs the points of interest; ``syncPointsOfInterest(full:)`` throws
  ///     without it.
  ///   - events: Receives transitions and notification decisions.
  ///   - analytics: Records entries and notifications shown.
  ///   - clock: The time notifications are decided at.
  ///   - logger: Where warnings go.
  ///   - privacy: The user's privacy switches; `nil` allows location always.
  public init(
    configuration: GeofenceConfiguration = GeofenceConfiguration(),
    pointsOfInterest: any PointOfInterestStore, store: (any KeyValueStore)?,
    limiter: NotificationLimiter, network: NetworkClient? = nil,
    events: (any EventSink)? = nil, analytics: (any AnalyticsTracker)? = nil,
    clock: any LoyaltyClock, logger: LoyaltyLogger = .disabled, privacy: PrivacyCenter? = nil
  ) {
    self.privacy = privacy
    self.configuration = configuration
    self.pointsOfInterest = pointsOfInterest
    self.limiter = limiter
    self.events = events
    self.analytics = analytics
    self.clock = clock
    self.logger = logger
    self.monitor = GeofenceMonitor(
      configuration: configuration, pois: pointsOfInterest, store: store, logger: logger)
    self.synchronizer = POISynchronizer(
      network: network, store: pointsOfInterest, events: events, logger: logger)
  }

  /// What was done with the fixes so far: used, refused, ignored.
  public var statistics: LocationStatistics { counters.withLock { $0 } }

  /// Evaluates one fix: transitions, notification decisions for entries, and a new
  /// choice of regions when the user moved far enough.
  ///
  /// A fix less accurate than ``GeofenceConfiguration/maximumAccuracy`` or older than
  /// the last one is ignored and counted (``LocationUpdateResult/ignored``), and so is
  /// every fix while the user has location off: nothing is evaluated, decided or stored.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidLocation`` for a latitude,
  ///   longitude or timestamp that is not a finite number in range,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidAccuracy`` for a negative accuracy or one
  ///   that is not a number (both counted), or what the stores throw.
  public func update(_ update: LocationUpdate) async throws -> LocationUpdateResult {
    if let privacy, await !privacy.isEnabled(.location) {
      counters.withLock { $0.disabledByPrivacy += 1 }
      return LocationUpdateResult(ignored: .disabledByPrivacy)
    }
    try validate(update)
    guard update.horizontalAccuracy <= configuration.maximumAccuracy else {
      counters.withLock { $0.inaccurate += 1 }
      return LocationUpdateResult(ignored: .inaccurate)
    }
    let outcome = try await monitor.evaluate(update)
    if outcome.ignored == .outOfOrder {
      counters.withLock { $0.outOfOrder += 1 }
      return LocationUpdateResult(ignored: .outOfOrder)
    }
    counters.withLock { $0.accepted += 1 }
    var decisions: [EntryDecision] = []
    for transition in outcome.transitions {
      events?.post(GeofenceTransitioned(transition: transition))
      guard transition.kind == .enter else { continue }
      if let decision = await decide(entry: transition.pointOfInterest) {
        decisions.append(decision)
      }
    }
    return LocationUpdateResult(
      transitions: outcome.transitions, notifications: decisions, regions: outcome.regions)
  }

  /// Chooses the regions to monitor around `point` now: the `limit` nearest points of
  /// interest. ``update(_:)`` chooses again by itself once the user leaves
  /// ``RegionSelection/refreshRegion``.
  /// - Parameters:
  ///   - point: Where the user is.
  ///   - limit: 1 to 20; by default the configuration's
  ///     ``GeofenceConfiguration/regionLimit``.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/regionLimitExceeded`` outside 1...20,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidLocation`` for an invalid point.
  public func regionsToMonitor(near point: GeoPoint, limit: Int? = nil) async throws
    -> RegionSelection
  {
    guard point.isValid else {
      throw LoyaltyError(
        .invalidLocation, "The point's latitude or longitude is not a finite number in range.")
    }
    return try await monitor.chooseRegions(
      near: point, limit: limit ?? configuration.effectiveRegionLimit, at: clock.now)
  }

  /// The fences the user is in now, by id.
  public func visits() async throws -> [Int64: GeofenceState.Visit] {
    try await monitor.currentState().visits
  }

  /// Forgets the visits and the regions: the next fix starts outside every fence.
  public func resetFences() async throws {
    try await monitor.reset()
  }

  /// Deletes what geofencing stored about the user: the fence state with the last
  /// position and the regions, and the history of notifications shown. What the module
  /// does when the user turns location off.
  /// - Throws: What the stores throw.
  public func eraseLocationData() async throws {
    try await monitor.erase()
    try await limiter.eraseHistory()
  }

  /// Downloads the points of interest: the changes since the last sync, or all of them
  /// on the first sync, with `full`, or when the server says so. Points the server
  /// removed are removed here; points it sends with bad coordinates are skipped,
  /// counted in the report, warned about once per reason and posted as
  /// ``PointsOfInterestSkipped``.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` without a
  ///   network client, ``LoyaltyCore/LoyaltyError/Code/poiSyncFailed`` for an answer
  ///   that cannot be used, or the network's errors. The stored version is then left
  ///   as it was.
  @discardableResult
  public func syncPointsOfInterest(full: Bool = false) async throws -> POISyncReport {
    try await synchronizer.sync(full: full)
  }

  private func validate(_ update: LocationUpdate) throws {
    guard update.point.isValid, update.timestamp.timeIntervalSinceReferenceDate.isFinite else {
      counters.withLock { $0.invalidCoordinates += 1 }
      throw LoyaltyError(
        .invalidLocation,
        "A location update's latitude, longitude or timestamp is not a finite number in range.")
    }
    guard update.horizontalAccuracy >= 0 else {  // false for NaN too
      counters.withLock { $0.invalidAccuracy += 1 }
      throw LoyaltyError(
        .invalidAccuracy,
        "A location update's horizontal accuracy is negative or not a number.",
        metadata: ["accuracy": String(update.horizontalAccuracy)])
    }
  }

  /// Asks the limiter about an entry (decided and recorded atomically there), posts the
  /// outcome and records analytics. A limiter that cannot persist is logged: the entry
  /// stays reported, without a notification.
  private func decide(entry point: PointOfInterest) async -> EntryDecision? {
    let merchant = point.merchantID.isEmpty ? "poi-\(point.id)" : point.merchantID
    await track(Self.entryAnalyticsEvent, point)
    let decision: LimitDecision
    do {
      decision = try await limiter.requestPermission(merchantID: merchant)
    } catch {
      logger.error(
        "The notification limiter failed; no notification for this entry.",
        metadata: ["poi": String(point.id), "error": String(describing: error)])
      return nil
    }
    if decision.isAllowed {
      events?.post(OfferNotificationRequested(pointOfInterest: point, date: clock.now))
      await track(Self.notificationAnalyticsEvent, point)
    } else {
      events?.post(OfferNotificationRefused(pointOfInterest: point, reason: decision))
    }
    return EntryDecision(pointOfInterest: point, decision: decision)
  }

  private func track(_ name: String, _ point: PointOfInterest) async {
    guard let analytics else { return }
    do {
      try await analytics.track(
        name, parameters: ["poi_id": String(point.id), "merchant_id": point.merchantID])
    } catch {
      logger.warning("Recording \(name) failed.", metadata: ["error": String(describing: error)])
    }
  }
}
