/// What a module registers its capabilities with, once per client, before any module
/// starts. Each `provide` call both declares a capability and says how to make it.
///
/// Registration records factories only; nothing is created until a capability is first
/// resolved, and then it is cached for that client until it shuts down.
public final class CapabilityRegistrar<Instance: Sendable> {
  let module: ModuleIdentifier
  let instance: ModuleInstance<Instance>
  private(set) var registrations: [CapabilityRegistration] = []
  private(set) var duplicates: [AnyCapabilityKey] = []

  init(module: ModuleIdentifier, instance: ModuleInstance<Instance>) {
    self.module = module
    self.instance = instance
  }

  /// Provides `key` through a factory that needs nothing the module starts: it runs once
  /// per client, on first resolution, even before the module has started, and may
  /// resolve the capabilities it needs from the given ``Capabilities``.
  public func provide<Value>(
    _ key: CapabilityKey<Value>,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    add(CapabilityRegistration(key, source: .module(module), factory: factory))
  }

  /// Provides `key` as `value`. Every client that lists the module resolves this same
  /// value, so give it only what may be shared: a constant, or an object the host
  /// means to share.
  public func provide<Value>(_ key: CapabilityKey<Value>, value: Value) {
    provide(key) { _ in value }
  }

  /// Provides `key` from what the module's ``LoyaltyModule/start(_:)`` returned for this
  /// client. The factory runs once per client, on first resolution after the module
  /// started; resolving the capability earlier throws
  /// ``LoyaltyError/Code/capabilityUnavailable``, which a module avoids by listing the
  /// key in ``LoyaltyModule/requires`` or ``LoyaltyModule/optionallyUses``.
  public func provide<Value>(
    _ key: CapabilityKey<Value>,
    fromInstance factory: @escaping @Sendable (Instance, Capabilities) throws -> Value
  ) {
    let instance = instance
    add(
      CapabilityRegistration(key, source: .module(module)) { capabilities in
        try factory(instance.current(for: key.erased), capabilities)
      })
  }

  private func add(_ registration: CapabilityRegistration) {
    // A module registers a few capabilities: a scan costs less than a set's code.
    if registrations.contains(where: { $0.key == registration.key }) {
      duplicates.append(registration.key)
    }
    registrations.append(registration)
  }
}
