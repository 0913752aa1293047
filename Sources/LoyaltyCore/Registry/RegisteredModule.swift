#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A module as one client holds it: its registrations, and how to start and shut down
/// its instance for that client. Made fresh for every client that lists the module.
struct RegisteredModule: Sendable {
  let identifier: ModuleIdentifier
  let requires: [AnyCapabilityKey]
  let optionallyUses: [AnyCapabilityKey]
  /// What the module provides, in the order it registered them.
  let registrations: [CapabilityRegistration]
  /// Starts the module and keeps what it started for this client.
  let start: @Sendable (ModuleContext) async throws -> Void
  /// Tells the module's instance that every module has started.
  let didStartClient: @Sendable (ModuleContext) async -> Void
  /// Shuts down what the module started for this client, if it is running.
  let shutdown: @Sendable (ModuleContext) async -> Void
  /// The files and directories the module writes (``LoyaltyModule/dataLocations(_:)``).
  let dataLocations: @Sendable (ModuleContext) -> [URL]
  /// The module's section of the data export, while it runs
  /// (``LoyaltyModule/exportData(_:context:)``).
  let exportData: @Sendable (ModuleContext) async -> JSONValue?

  /// The capabilities the module provides: what its registrations declare.
  var provides: [AnyCapabilityKey] { registrations.map(\.key) }

  /// Registers `module` for one client.
  /// - Throws: What the module's ``LoyaltyModule/register(in:)`` throws, or
  ///   ``LoyaltyError/Code/duplicateCapability`` when it provides one key twice.
  init<Module: LoyaltyModule>(_ module: Module) throws {
    let identifier = module.identifier
    let instance = ModuleInstance<Module.Instance>(module: identifier)
    let registrar = CapabilityRegistrar(module: identifier, instance: instance)
    try module.register(in: registrar)
    if let duplicate = registrar.duplicates.first {
      throw LoyaltyError(
        .duplicateCapability,
        "\(identifier.name) provides \(duplicate.name) twice. Provide each capability once.",
        metadata: ["module": identifier.description, "capability": duplicate.name])
    }
    self.identifier = identifier
    self.requires = module.requires
    self.optionallyUses = module.optionallyUses
    self.registrations = registrar.registrations
    self.start = { context in
      instance.install(try await module.start(context))
    }
    self.didStartClient = { context in
      if let running = instance.peek() {
        await module.clientDidStart(running, context: context)
      }
    }
    self.shutdown = { context in
      if let running = instance.take() {
        await module.shutdown(running, context: context)
      }
    }
    self.dataLocations = { context in module.dataLocations(context) }
    self.exportData = { context in
      guard let running = instance.peek() else { return nil }
      return await module.exportData(running, context: context)
    }
  }
}
