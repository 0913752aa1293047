/// What one module started for one client: empty before the module's start and after
/// its shutdown.
final class ModuleInstance<Instance: Sendable>: Sendable {
  private let module: ModuleIdentifier
  private let value = Locked<Instance?>(nil)

  init(module: ModuleIdentifier) {
    self.module = module
  }

  /// Keeps what the module's start returned.
  func install(_ instance: Instance) {
    value.withLock { $0 = instance }
  }

  /// What the module started, if it is running.
  func peek() -> Instance? {
    value.withLock { $0 }
  }

  /// Removes and returns what the module started, if it is running.
  func take() -> Instance? {
    value.withLock { $0.take() }
  }

  /// What the module started, for the factory of `key`.
  /// - Throws: ``LoyaltyError/Code/capabilityUnavailable`` before the module's start or
  ///   after its shutdown.
  func current(for key: AnyCapabilityKey) throws -> Instance {
    guard let instance = value.withLock({ $0 }) else {
      throw LoyaltyError(
        .capabilityUnavailable,
        "\(key.summary.prefix(1).uppercased() + key.summary.dropFirst()) (\(key.name)) comes "
          + "from \(module.name), which is not running: it has not started yet, or has shut "
          + "down.",
        recoverySuggestion:
          "Resolve it after the client started. A module that needs it in its own start lists "
          + "it in requires or optionallyUses, so that \(module.name) starts first.",
        metadata: ["module": module.description, "capability": key.name])
    }
    return instance
  }
}
