import Synchronization

/// One client's place for one capability: its factory, and the value once created.
final class CapabilitySlot<Value: Sendable>: ErasedCapabilitySlot {
  let key: AnyCapabilityKey
  let source: CapabilitySource
  let factory: @Sendable (Capabilities) throws -> Value
  private let value = Mutex<Value?>(nil)

  init(
    key: AnyCapabilityKey, source: CapabilitySource,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    self.key = key
    self.source = source
    self.factory = factory
  }

  /// The created value, if any.
  var cached: Value? { value.withLock { $0 } }

  /// Keeps `created` unless a value is already there; returns the one kept.
  func keep(_ created: Value) -> Value {
    value.withLock { value in
      if let value { return value }
      value = created
      return created
    }
  }

  func release() {
    _ = value.withLock { $0.take() }
  }
}

/// A ``CapabilitySlot`` with its value type erased, for the client's table.
protocol ErasedCapabilitySlot: AnyObject, Sendable {
  var key: AnyCapabilityKey { get }
  var source: CapabilitySource { get }
  /// Lets the created value go.
  func release()
}
