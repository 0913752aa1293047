/// A capability's factory and where it came from: what a module, an override or Core
/// registers. A registration is a recipe; each client makes its own
/// ``CapabilitySlot`` from it, so two clients never share a created value.
struct CapabilityRegistration: Sendable {
  let key: AnyCapabilityKey
  let source: CapabilitySource
  /// Makes a fresh, empty slot for one client.
  let makeSlot: @Sendable () -> any ErasedCapabilitySlot

  init<Value>(
    _ key: CapabilityKey<Value>,
    source: CapabilitySource,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    self.key = key.erased
    self.source = source
    self.makeSlot = { CapabilitySlot(key: key.erased, source: source, factory: factory) }
  }
}
