/// Something that happened in the SDK, posted to the ``EventSink``.
///
/// Each event type has a stable ``eventName`` (`campaigns_retrieved`), so hosts can
/// subscribe by type or by name to the same events.
public protocol LoyaltyEvent: Sendable {
  /// The name every event of this type is posted under.
  static var eventName: String { get }
  /// This event's name; ``eventName`` unless the type carries its own names.
  var name: String { get }
  /// The event's facts as strings, for name-based subscribers and analytics.
  var attributes: [String: String] { get }
}

extension LoyaltyEvent {
  public var name: String { Self.eventName }
  public var attributes: [String: String] { [:] }
}
