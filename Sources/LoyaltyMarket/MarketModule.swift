public import LoyaltyCore
import LoyaltyNetwork

/// The market module: campaigns, coupons, merchants, profile, cards, points and the
/// market pass.
///
/// It requires a network client (add `NetworkModule()`), and uses a key-value store
/// and an event sink when present.
public struct MarketModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyMarket", name: "MarketModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] {
    [CapabilityKey.eventSink.erased, CapabilityKey.keyValueStore.erased]
  }
}
