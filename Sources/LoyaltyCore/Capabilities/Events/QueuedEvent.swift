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
