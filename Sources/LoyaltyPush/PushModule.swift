public import LoyaltyCore
import LoyaltyNetwork

/// The push module.
///
/// Today it parses push payloads (``PushPayload``) for hosts that forward them;
/// routing, pending notifications and device registration build on it. It requires a
/// network client because device registration talks to the backend.
public struct PushModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyPush", name: "PushModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] {
    [CapabilityKey.eventSink.erased, CapabilityKey.keyValueStore.erased]
  }
}
