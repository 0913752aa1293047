/// Capabilities a host supplies itself, replacing what modules or Core would provide.
///
/// An override is how a host swaps the transport, the token store, the clock or the
/// log handler:
///
/// ```swift
/// var overrides = CapabilityOverrides()
/// overrides.override(.httpTransport, with: RecordingTransport())
/// overrides.override(.logHandler, with: MyLogBridge())
/// let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
/// ```
///
/// Overriding the same key twice is an error at start.
public struct CapabilityOverrides: Sendable {
  private(set) var registrations: [CapabilityRegistration] = []

  /// Creates an empty set of overrides.
  public init() {}

  /// Overrides `key` with `value`.
  public mutating func override<Value>(_ key: CapabilityKey<Value>, with value: Value) {
    override(key) { _ in value }
  }

  /// Overrides `key` with a factory that runs on first resolution.
  public mutating func override<Value>(
    _ key: CapabilityKey<Value>,
    factory: @escaping @Sendable (Capabilities) throws -> Value
  ) {
    registrations.append(CapabilityRegistration(key, source: .override, factory: factory))
  }

  /// A copy with `key` overridden by `value`.
  public func overriding<Value>(_ key: CapabilityKey<Value>, with value: Value) -> Self {
    var copy = self
    copy.override(key, with: value)
    return copy
  }

  /// The keys overridden, in order.
  public var keys: [AnyCapabilityKey] { registrations.map(\.key) }
}
