/// A property of a capability protocol that an implementation broke.
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible {
  /// The protocol whose contract was broken.
  public let capability: String
  /// The property that does not hold.
  public let property: String
  /// What was observed instead.
  public let detail: String

  public var description: String { "\(capability): \(property) (\(detail))" }
}

/// Throws a ``ConformanceFailure`` unless `condition` holds.
func require(
  _ condition: Bool, _ capability: String, _ property: String, _ detail: String = ""
) throws {
  guard condition else {
    throw ConformanceFailure(capability: capability, property: property, detail: detail)
  }
}
