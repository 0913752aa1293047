/// What a module registers its capabilities with during start-up.
///
/// Registration records factories only; nothing is created until a capability is
/// first resolved, and then it is cached for the client's lifetime.
public final class CapabilityRegistrar {
  let module: ModuleIdentifier
  private(set) var registrations: [AnyCapabilityKey: CapabilityRegistration] = [:]
  private(set) var duplicates: [AnyCapabilityKey] = []

  init(module: ModuleIdentifier) {
    self.module = module
  }

  /// Registers a factory for `key`. The factory runs once, on first resolution, and
  /// may resolve the capabilities it needs from the given ``Capabilities``.
  public func provide<Value>(
    _ key: CapabilityKey<Value>,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    if registrations[key.erased] != nil {
      duplicates.append(key.erased)
    }
    registrations[key.erased] = CapabilityRegistration(
      key, source: .module(module), factory: factory)
  }

  /// Registers an existing value for `key`.
  public func provide<Value>(_ key: CapabilityKey<Value>, value: Value) {
    provide(key) { _ in value }
  }
}
