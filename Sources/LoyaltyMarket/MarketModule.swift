public import LoyaltyCore
import LoyaltyNetwork

extension CapabilityKey where Value == Market {
  /// The market API.
  public static var market: Self {
    Self(
      "loyalty.market", summary: "the market API", providedBy: "MarketModule() from LoyaltyMarket")
  }
}

/// The market module: the loyalty APIs (``Market``, `client.market`).
///
/// It requires a network client (add `NetworkModule()`), and uses an event sink and the
/// analytics pipeline when present.
public struct MarketModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyMarket", name: "MarketModule")
  }

  public var provides: [AnyCapabilityKey] { [CapabilityKey.market.erased] }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] {
    [CapabilityKey.eventSink.erased, CapabilityKey.analytics.erased]
  }

  public func register(in registrar: CapabilityRegistrar) throws {
    registrar.provide(.market) { capabilities in
      Market(
        network: try capabilities.resolve(.networkClient),
        events: try capabilities.resolveIfPresent(.eventSink),
        analytics: try capabilities.resolveIfPresent(.analytics))
    }
  }
}

extension LoyaltyClient {
  /// The client's market API.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``MarketModule`` is not listed.
  public var market: Market {
    get throws { try resolve(.market) }
  }
}
