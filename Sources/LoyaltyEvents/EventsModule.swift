public import LoyaltyCore

extension CapabilityKey where Value == EventBus {
  /// The event bus, for subscribing. Products post through ``eventSink`` instead.
  public static var eventBus: Self {
    Self(
      "loyalty.event-bus", summary: "an event bus",
      providedBy: "EventsModule() from LoyaltyEvents")
  }
}

/// The events module: registers the ``EventBus`` as the client's event sink.
public struct EventsModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyEvents", name: "EventsModule")
  }

  public var provides: [AnyCapabilityKey] {
    [CapabilityKey.eventBus.erased, CapabilityKey.eventSink.erased]
  }

  public func register(in registrar: CapabilityRegistrar) throws {
    registrar.provide(.eventBus) { _ in EventBus() }
    registrar.provide(.eventSink) { capabilities in try capabilities.resolve(.eventBus) }
  }
}

extension LoyaltyClient {
  /// The client's event bus.
  /// - Throws: ``LoyaltyError/Code/capabilityUnavailable`` when ``EventsModule`` is not
  ///   listed.
  public var events: EventBus {
    get throws { try resolve(.eventBus) }
  }
}
