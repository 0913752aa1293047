/// A capability's factory and where it came from.
struct CapabilityRegistration: Sendable {
  let key: AnyCapabilityKey
  let source: CapabilitySource
  let factory: @Sendable (Capabilities) throws -> any Sendable

  init<Value>(
    _ key: CapabilityKey<Value>,
    source: CapabilitySource,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    self.key = key.erased
    self.source = source
    self.factory = { capabilities in try factory(capabilities) }
  }
}
