/// What a module sees while it starts and shuts down.
public struct ModuleContext: Sendable {
  /// The module being started or shut down.
  public let module: ModuleIdentifier
  /// The client's configuration.
  public let configuration: LoyaltyConfiguration
  /// The client's capabilities.
  public let capabilities: Capabilities
  /// A logger labelled with the module's product.
  public let logger: LoyaltyLogger
}
