public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension CapabilityKey where Value == PushCenter {
  /// The push center.
  public static var push: Self {
    Self("loyalty.push", summary: "a push center", providedBy: "PushModule() from LoyaltyPush")
  }
}

/// The push module: the ``PushCenter`` (payloads, routing, pending notifications, push
/// analytics, badge, the push token) and the ``LoyaltyCore/NotificationLimiter``.
///
/// It requires a network client, and registers the device through the network module's
/// ``LoyaltyNetwork/DeviceRegistration`` (pass a device info provider of your own to
/// `NetworkModule(deviceInfoProvider:)`). It uses the key-value store (pending
/// notification, limiter history), the event sink, the analytics pipeline and the clock
/// when present.
public struct PushModule: LoyaltyModule {
  /// The limits for local offer notifications.
  public let limits: NotificationLimits
  /// The time zone the limits count days and hours in.
  public let timeZone: TimeZone

  /// Creates the module.
  public init(
    limits: NotificationLimits = NotificationLimits(),
    timeZone: TimeZone = .current
  ) {
    self.limits = limits
    self.timeZone = timeZone
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyPush", name: "PushModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.eventSink.erased, CapabilityKey.keyValueStore.erased,
      CapabilityKey.analytics.erased, CapabilityKey.clock.erased,
    ]
  }

  /// Provides the push center and its notification limiter once the module has started.
  public func register(in registrar: CapabilityRegistrar<PushCenter>) throws {
    registrar.provide(.push) { push, _ in push }
    // One limiter per client: LoyaltyLocation counts its notifications against it too.
    registrar.provide(.notificationLimiter) { push, _ in push.limiter }
  }

  /// Creates this client's push center.
  public func start(_ context: ModuleContext) async throws -> PushCenter {
    let capabilities = context.capabilities
    let store = try capabilities.resolve(.keyValueStore)
    let clock = try capabilities.resolve(.clock)
    let network = try capabilities.resolve(.networkClient)
    let events = try capabilities.resolveIfPresent(.eventSink)
    let analytics = try capabilities.resolveIfPresent(.analytics)
    // A host that overrides the network client has no network module's registration.
    let registration =
      try capabilities.resolveIfPresent(.deviceRegistration)
      ?? DeviceRegistration(
        network: network, store: store,
        provider: SystemDeviceInfoProvider(configuration: context.configuration, store: store),
        events: events, analytics: analytics, logger: context.logger)
    return PushCenter(
      network: network, store: store, events: events, analytics: analytics,
      registration: registration,
      limiter: NotificationLimiter(
        limits: limits, store: store, clock: clock, timeZone: timeZone),
      logger: context.logger)
  }
}

extension LoyaltyClient {
  /// The client's push center.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyPush/PushModule`` is not listed.
  public var push: PushCenter {
    get throws { try resolve(.push) }
  }
}
