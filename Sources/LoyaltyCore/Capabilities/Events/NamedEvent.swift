/// An event known only by its name and attributes, for events a host posts by name.
public struct NamedEvent: LoyaltyEvent, Equatable {
  public static let eventName = "named"

  /// The event's name.
  public let name: String
  /// The event's facts.
  public let attributes: [String: String]

  /// Creates an event named `name`.
  public init(_ name: String, attributes: [String: String] = [:]) {
    self.name = name
    self.attributes = attributes
  }
}
