public import LoyaltyCore

/// The network module: registers the URLSession transport.
///
/// ```swift
/// let client = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
/// let transport = try client.resolve(.httpTransport)
/// ```
///
/// Override ``LoyaltyCore/CapabilityKey/httpTransport`` to route requests elsewhere (a
/// recorder, the sandbox, a proxy).
public struct NetworkModule: LoyaltyModule {
  /// Creates the module.
  public init() {}

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyNetwork", name: "NetworkModule")
  }

  public var provides: [AnyCapabilityKey] { [CapabilityKey.httpTransport.erased] }

  public func register(in registrar: CapabilityRegistrar) throws {
    registrar.provide(.httpTransport) { capabilities in
      URLSessionTransport(configuration: capabilities.configuration.network)
    }
  }
}
