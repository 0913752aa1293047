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
/// analytics, badge, device registration) and the ``NotificationLimiter``.
///
/// It requires a network client (device registration), and uses the key-value store
/// (pending notification, device token, limiter history), the event sink, the
/// analytics pipeline and the clock when present.
public struct PushModule: LoyaltyModule {
  /// Supplies the device info; `nil` describes this machine.
  public let deviceInfoProvider: (any DeviceInfoProvider)?
  /// The limits for local offer notifications.
  public let limits: NotificationLimits
  /// The time zone the limits count days and hours in.
  public let timeZone: TimeZone

  /// Creates the module.
  public init(
    deviceInfoProvider: (any DeviceInfoProvider)? = nil,
    limits: NotificationLimits = NotificationLimits(),
    timeZone: TimeZone = .current
  ) {
    self.deviceInfoProvider = deviceInfoProvider
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

  /// Provides the push center once the module has started.
  public func register(in registrar: CapabilityRegistrar<PushCenter>) throws {
    registrar.provide(.push) { push, _ in push }
  }

  /// Creates this client's push center.
  public func start(_ context: ModuleContext) async throws -> PushCenter {
    let capabilities = context.capabilities
    let store = try capabilities.resolve(.keyValueStore)
    let clock = try capabilities.resolve(.clock)
    return PushCenter(
      network: try capabilities.resolve(.networkClient),
      store: store,
      events: try capabilities.resolveIfPresent(.eventSink),
      analytics: try capabilities.resolveIfPresent(.analytics),
      deviceInfoProvider: deviceInfoProvider
        ?? SystemDeviceInfoProvider(configuration: context.configuration, store: store),
      limiter: NotificationLimiter(
        limits: limits, store: store, clock: clock, timeZone: timeZone),
      logger: context.logger)
  }
}

extension LoyaltyClient {
  /// The client's push center.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``PushModule`` is not listed.
  public var push: PushCenter {
    get throws { try resolve(.push) }
  }
}
