/// A unit of the SDK a host links and lists: Network, Store, Security, Events, Push,
/// Market, or the host's own.
///
/// A module declares the capabilities it provides, requires and optionally uses;
/// ``LoyaltyClient/start(_:modules:overrides:)`` checks that graph, orders the modules
/// so providers start before the modules that use them, registers every module's
/// factories, then starts them in that order and shuts them down in reverse.
///
/// Every conforming type must:
/// - register, in ``register(in:)``, exactly the keys listed in ``provides``;
/// - do no work at initialisation: heavy work belongs in ``start(_:)``;
/// - make ``shutdown(_:)`` safe to call once after a successful ``start(_:)``, and
///   release everything the module holds.
public protocol LoyaltyModule: Sendable {
  /// The module's identity, used in errors and diagnostics.
  var identifier: ModuleIdentifier { get }
  /// The capabilities this module registers.
  var provides: [AnyCapabilityKey] { get }
  /// The capabilities this module cannot work without.
  var requires: [AnyCapabilityKey] { get }
  /// The capabilities this module uses when present; a module providing one starts
  /// first.
  var optionallyUses: [AnyCapabilityKey] { get }
  /// Registers the module's factories. Called once, before any module starts.
  func register(in registrar: CapabilityRegistrar) throws
  /// Starts the module. Capabilities may be resolved from `context`.
  func start(_ context: ModuleContext) async throws
  /// Stops the module and releases what it holds.
  func shutdown(_ context: ModuleContext) async
}

extension LoyaltyModule {
  public var provides: [AnyCapabilityKey] { [] }
  public var requires: [AnyCapabilityKey] { [] }
  public var optionallyUses: [AnyCapabilityKey] { [] }
  public func register(in registrar: CapabilityRegistrar) throws {}
  public func start(_ context: ModuleContext) async throws {}
  public func shutdown(_ context: ModuleContext) async {}
}
