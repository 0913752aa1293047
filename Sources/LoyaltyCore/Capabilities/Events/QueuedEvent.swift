#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An analytics event waiting in the offline queue.
public struct QueuedEvent: Sendable, Hashable, Codable {
  /// A unique, time-ordered id; the server de-duplicates on it.
  public let id: String
  /// The event's name.
  public let name: String
  /// When the event was tracked.
  public let timestamp: Date
  /// The event as it is uploaded: a JSON object.
  public let payload: Data
  /// How many uploads of this event have failed so far.
  public var attempts: Int

  /// Creates a queued event.
  public init(id: String, name: String, timestamp: Date, payload: Data, attempts: Int = 0) {
    self.id = id
    self.name = name
    self.timestamp = timestamp
    self.payload = payload
    self.attempts = attempts
  }
}

extension QueuedEvent {
  /// Decodes a queued event; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    id = try container.decode("id")
    name = try container.decode("name")
    timestamp = try container.decode("timestamp")
    payload = try container.decode("payload")
    attempts = try container.decode("attempts")
  }

  /// Encodes every field of a queued event.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(id, "id")
    try container.encode(name, "name")
    try container.encode(timestamp, "timestamp")
    try container.encode(payload, "payload")
    try container.encode(attempts, "attempts")
  }
}
