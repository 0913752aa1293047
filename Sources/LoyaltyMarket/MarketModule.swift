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
/// It requires a network client (add `NetworkModule()`), and uses an event sink, the
/// analytics pipeline and the market cache (SQLite with `StoreModule()`, else in memory)
/// when present. Each client that lists the module gets a market of
/// its own; at the client's shutdown every stream of its ``Market/state`` ends.
public struct MarketModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyMarket", name: "MarketModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.eventSink.erased, CapabilityKey.analytics.erased,
      CapabilityKey.marketCache.erased,
    ]
  }

  /// Provides the market once the module has started.
  public func register(in registrar: CapabilityRegistrar<Market>) throws {
    registrar.provide(.market) { market, _ in market }
  }

  /// Creates this client's market on its network client.
  public func start(_ context: ModuleContext) async throws -> Market {
    let capabilities = context.capabilities
    return Market(
      network: try capabilities.resolve(.networkClient),
      events: try capabilities.resolveIfPresent(.eventSink),
      analytics: try capabilities.resolveIfPresent(.analytics), logger: context.logger,
      cache: try capabilities.resolve(.marketCache),
      privacy: try capabilities.resolveIfPresent(.privacy),
      lifecycle: try capabilities.resolveIfPresent(.lifecycle))
  }

  /// Ends the refreshes behind cached answers and every stream of the market's state; no
  /// answer still in flight lands after.
  public func shutdown(_ market: Market, context: ModuleContext) async {
    market.offline.context.shutDown()
    market.offline.cancelBackground()
    await market.state.finish()
  }
}

extension LoyaltyClient {
  /// The client's market API.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyMarket/MarketModule`` is not listed.
  public var market: Market {
    get throws { try resolve(.market) }
  }
}
