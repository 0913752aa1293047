/// One client's place for one capability: its factory, and the value once created.
@usableFromInline
final class CapabilitySlot<Value: Sendable>: ErasedCapabilitySlot {
  @usableFromInline let key: AnyCapabilityKey
  @usableFromInline let source: CapabilitySource
  let factory: @Sendable (Capabilities) throws -> Value
  @usableFromInline let value = Locked<Value?>(nil)

  init(
    key: AnyCapabilityKey, source: CapabilitySource,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    self.key = key
    self.source = source
    self.factory = factory
  }

  /// The created value, if any.
  @inlinable var cached: Value? { value.withLock { $0 } }

  /// Keeps `created` unless a value is already there; returns the one kept.
  func keep(_ created: Value) -> Value {
    value.withLock { value in
      if let value { return value }
      value = created
      return created
    }
  }

  @usableFromInline func release() {
    _ = value.withLock { $0.take() }
  }
}

/// A ``CapabilitySlot`` with its value type erased, for the client's table.
@usableFromInline
protocol ErasedCapabilitySlot: AnyObject, Sendable {
  var key: AnyCapabilityKey { get }
  var source: CapabilitySource { get }
  /// Lets the created value go.
  func release()
}
