#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A unit of the SDK a host links and lists: Network, Store, Security, Events, Push,
/// Market, or the host's own.
///
/// A module value is a description: its options, nothing it has started. Each client
/// that lists it calls ``register(in:)`` and ``start(_:)`` for itself, and what `start`
/// returns, the module's ``Instance``, belongs to that client alone: the client keeps it,
/// hands it to the factories registered with ``CapabilityRegistrar/provide(_:fromInstance:)``
/// and to ``shutdown(_:context:)``, and lets it go at shutdown. One module value listed for
/// two clients, at once or one after the other, gives two independent clients.
///
/// ```swift
/// struct StampCardModule: LoyaltyModule {
///   var identifier: ModuleIdentifier {
///     ModuleIdentifier(product: "StampCards", name: "StampCardModule")
///   }
///   var requires: [AnyCapabilityKey] { [CapabilityKey.keyValueStore.erased] }
///
///   func register(in registrar: CapabilityRegistrar<StampCardBook>) {
///     registrar.provide(.stampCards) { book, _ in book }
///   }
///
///   func start(_ context: ModuleContext) async throws -> StampCardBook {
///     StampCardBook(store: try context.capabilities.resolve(.keyValueStore))
///   }
/// }
/// ```
///
/// ``LoyaltyClient/start(_:modules:overrides:)`` registers every module, learns from the
/// registrations what each provides, checks the graph, orders the modules so providers
/// start before the modules that use them, then starts them in that order and shuts them
/// down in reverse.
///
/// Every conforming type must:
/// - provide each capability once, in ``register(in:)``: registering it is declaring it;
/// - do no work in its initializer or in ``register(in:)``: heavy work belongs in
///   ``start(_:)``;
/// - keep everything it starts in its ``Instance``, never in the module value, so that
///   clients share nothing;
/// - release everything the instance holds in ``shutdown(_:context:)``, and end every
///   stream it handed out.
public protocol LoyaltyModule: Sendable {
  /// What the module starts for one client: created by ``start(_:)``, given back to
  /// ``shutdown(_:context:)``. `Void` for a module that only registers factories.
  associatedtype Instance: Sendable = Void

  /// The module's identity, used in errors and diagnostics.
  var identifier: ModuleIdentifier { get }
  /// The capabilities this module cannot work without.
  var requires: [AnyCapabilityKey] { get }
  /// The capabilities this module uses when present; a module providing one starts
  /// first.
  var optionallyUses: [AnyCapabilityKey] { get }
  /// Registers, and so declares, the capabilities the module provides. Called once per
  /// client, before any module starts.
  /// - Throws: Whatever makes the module's options unusable; the client does not start.
  func register(in registrar: CapabilityRegistrar<Instance>) throws
  /// Starts the module for one client and returns what it started. Capabilities may be
  /// resolved from `context`.
  func start(_ context: ModuleContext) async throws -> Instance
  /// Called once every listed module has started, in start order, before
  /// ``LoyaltyClient/start(_:modules:overrides:)`` returns: the place to begin
  /// background work that uses capabilities of modules that start after this one (the
  /// network module registers the device here, and records the outcome with the
  /// analytics pipeline, which starts after it). It cannot fail the start and must
  /// return promptly: work that takes time runs in a task the instance owns and
  /// finishes in ``shutdown(_:context:)``.
  func clientDidStart(_ instance: Instance, context: ModuleContext) async
  /// Stops what ``start(_:)`` started for one client and releases it.
  func shutdown(_ instance: Instance, context: ModuleContext) async
  /// Every file and directory the module writes for a client with this context's
  /// configuration, those outside the configuration's data directory included:
  /// ``LoyaltyClient/eraseAllData()`` deletes them (a directory with what it holds).
  func dataLocations(_ context: ModuleContext) -> [URL]
  /// What the module holds about the user, for ``LoyaltyClient/exportData()``: its
  /// section of the export, or `nil` when it holds nothing. Secrets (tokens, keys) are
  /// named with their values masked (``JSONValue/maskedSecret(_:)``).
  func exportData(_ instance: Instance, context: ModuleContext) async -> JSONValue?
}

extension LoyaltyModule {
  /// No requirements.
  public var requires: [AnyCapabilityKey] { [] }
  /// No optional uses.
  public var optionallyUses: [AnyCapabilityKey] { [] }
  /// Registers nothing.
  public func register(in registrar: CapabilityRegistrar<Instance>) throws {}
  /// Nothing to do.
  public func clientDidStart(_ instance: Instance, context: ModuleContext) async {}
  /// Nothing to stop.
  public func shutdown(_ instance: Instance, context: ModuleContext) async {}
  /// No files.
  public func dataLocations(_ context: ModuleContext) -> [URL] { [] }
  /// Nothing held.
  public func exportData(_ instance: Instance, context: ModuleContext) async -> JSONValue? {
    nil
  }
}

extension LoyaltyModule where Instance == Void {
  /// Nothing to start.
  public func start(_ context: ModuleContext) async throws {}
}
