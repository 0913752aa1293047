public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension CapabilityKey where Value == LocationCenter {
  /// The location center.
  public static var location: Self {
    Self(
      "loyalty.location", summary: "a location center",
      providedBy: "LocationModule() from LoyaltyLocation")
  }
}

/// The location module: geofenced merchant notifications through a
/// ``LocationCenter``.
///
/// It needs nothing else: the points of interest live in the point-of-interest store
/// (LoyaltyStore's SQLite one with an R*Tree when `StoreModule()` is listed, else in
/// memory), the fence state in the key-value store, and entries are decided by the
/// client's notification limiter (LoyaltyPush's when `PushModule()` is listed, else one
/// of its own on the same history). It uses the network client (to sync the points of
/// interest), the event sink, the analytics pipeline and the clock when present.
public struct LocationModule: LoyaltyModule {
  /// The fence and region rules.
  public let configuration: GeofenceConfiguration
  /// The notification limits, when the module makes its own limiter.
  public let limits: NotificationLimits
  /// The user's time zone, for the limits' days and hours.
  public let timeZone: TimeZone

  /// Creates the module.
  public init(
    configuration: GeofenceConfiguration = GeofenceConfiguration(),
    limits: NotificationLimits = NotificationLimits(), timeZone: TimeZone = .current
  ) {
    self.configuration = configuration
    self.limits = limits
    self.timeZone = timeZone
  }

  /// `LoyaltyLocation.LocationModule`.
  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyLocation", name: "LocationModule")
  }

  /// Everything is optional; listed so that what is present starts first.
  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.networkClient.erased, CapabilityKey.pointOfInterestStore.erased,
      CapabilityKey.keyValueStore.erased, CapabilityKey.notificationLimiter.erased,
      CapabilityKey.eventSink.erased, CapabilityKey.analytics.erased,
      CapabilityKey.clock.erased, CapabilityKey.privacyStore.erased,
    ]
  }

  /// Provides the location center once the module has started.
  public func register(in registrar: CapabilityRegistrar<LocationCenter>) throws {
    registrar.provide(.location) { center, _ in center }
  }

  /// Creates this client's location center, which follows the client's privacy switch
  /// for location: when it is off, what geofencing stored is deleted now, and again
  /// each time the user turns it off.
  public func start(_ context: ModuleContext) async throws -> LocationCenter {
    let capabilities = context.capabilities
    let store = try capabilities.resolve(.keyValueStore)
    let clock = try capabilities.resolve(.clock)
    let limiter =
      try capabilities.resolveIfPresent(.notificationLimiter)
      ?? NotificationLimiter(limits: limits, store: store, clock: clock, timeZone: timeZone)
    let privacy = try capabilities.resolve(.privacy)
    let center = LocationCenter(
      configuration: configuration,
      pointsOfInterest: try capabilities.resolve(.pointOfInterestStore),
      store: store, limiter: limiter,
      network: try capabilities.resolveIfPresent(.networkClient),
      events: try capabilities.resolveIfPresent(.eventSink),
      analytics: try capabilities.resolveIfPresent(.analytics),
      clock: clock, logger: capabilities.logger(label: "LoyaltyLocation"), privacy: privacy)
    let logger = context.logger
    privacy.addObserver { [weak center] change in
      guard let center, change.disabled.contains(.location) else { return }
      do {
        try await center.eraseLocationData()
      } catch {
        logger.error("The location data could not be deleted: \(error)")
      }
    }
    if await !privacy.isEnabled(.location) {
      try await center.eraseLocationData()
    }
    return center
  }
}

extension LoyaltyClient {
  /// The client's location center.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyLocation/LocationModule`` is not listed.
  public var location: LocationCenter {
    get throws { try resolve(.location) }
  }
}
