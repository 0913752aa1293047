#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An analytics event on its way through the pipeline's plugins.
public struct AnalyticsEvent: Sendable, Hashable {
  /// The unique, time-ordered id the server de-duplicates on.
  public let id: String
  /// The event's name: `custom_success_campaigns_loyalty`, `NB_PushAck`.
  public var name: String
  /// When it was tracked.
  public let timestamp: Date
  /// Its parameters.
  public var parameters: [String: String]

  /// Creates an event.
  public init(id: String, name: String, timestamp: Date, parameters: [String: String]) {
    self.id = id
    self.name = name
    self.timestamp = timestamp
    self.parameters = parameters
  }

  /// The event as the analytics endpoint receives it: a compact JSON object with sorted
  /// keys, byte for byte what `JSONEncoder` writes for it (see `AnalyticsPayloadWriter`).
  func payload() -> Data {
    AnalyticsPayloadWriter.payload(
      id: id, name: name, timestamp: timestamp, parameters: parameters)
  }
}
