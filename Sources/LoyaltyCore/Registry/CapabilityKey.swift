/// A typed name for a capability: what a module provides or needs.
///
/// The key's `Value` is the type resolution returns, so no caller ever casts:
///
/// ```swift
/// let transport = try client.resolve(.httpTransport)  // any HTTPTransport
/// ```
///
/// Products declare their own keys as constrained static properties:
///
/// ```swift
/// extension CapabilityKey where Value == StampCardBook {
///   static var stampCards: Self {
///     Self("example.stamp-cards", summary: "stamp cards", providedBy: "StampCardModule()")
///   }
/// }
/// ```
public struct CapabilityKey<Value: Sendable>: Sendable, Hashable, CustomStringConvertible {
  /// The erased key: the name, what it is for, and the value type.
  public let erased: AnyCapabilityKey

  /// Creates a key.
  /// - Parameters:
  ///   - name: A unique, stable name, conventionally `loyalty.thing`.
  ///   - summary: What the capability is, as it reads after "requires": "a network client".
  ///   - providedBy: What to add to get it: "NetworkModule() from LoyaltyNetwork".
  public init(_ name: String, summary: String, providedBy: String? = nil) {
    erased = AnyCapabilityKey(
      name: name, summary: summary, providedBy: providedBy, valueType: Value.self)
  }

  /// The key's name.
  public var name: String { erased.name }

  public var description: String { erased.description }
}

/// A capability key with its value type erased, for graphs and diagnostics.
public struct AnyCapabilityKey: Sendable, Hashable, CustomStringConvertible {
  /// The key's unique name.
  public let name: String
  /// What the capability is: "a network client".
  public let summary: String
  /// What provides it: "NetworkModule() from LoyaltyNetwork".
  public let providedBy: String?
  /// The value type.
  private let valueType: any Any.Type

  init(name: String, summary: String, providedBy: String?, valueType: any Any.Type) {
    self.name = name
    self.summary = summary
    self.providedBy = providedBy
    self.valueType = valueType
  }

  /// The name of the value type, for diagnostics.
  public var valueTypeName: String { String(describing: valueType) }

  @_optimize(speed)
  public static func == (lhs: AnyCapabilityKey, rhs: AnyCapabilityKey) -> Bool {
    lhs.name == rhs.name && ObjectIdentifier(lhs.valueType) == ObjectIdentifier(rhs.valueType)
  }

  @_optimize(speed)
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(ObjectIdentifier(valueType))
  }

  public var description: String { "\(name) (\(valueTypeName))" }
}
