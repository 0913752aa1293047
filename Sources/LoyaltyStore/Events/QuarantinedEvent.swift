#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An event moved out of the queue because it could not be decoded or because the
/// pipeline gave up on it, as ``SQLiteEventQueue/quarantinedEvents(limit:)`` returns it.
public struct QuarantinedEvent: Sendable, Hashable {
  /// The event's id, when the row had a readable one.
  public let eventID: String?
  /// The event's name, when the row had a readable one.
  public let name: String?
  /// The payload bytes, when the row had any.
  public let payload: Data?
  /// Why the event was moved aside.
  public let reason: String
  /// When it was moved aside.
  public let quarantinedAt: Date

  /// Creates a quarantined event.
  public init(eventID: String?, name: String?, payload: Data?, reason: String, quarantinedAt: Date)
  {
    self.eventID = eventID
    self.name = name
    self.payload = payload
    self.reason = reason
    self.quarantinedAt = quarantinedAt
  }
}
