public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The user entered, left, or stayed in a fence.
public struct GeofenceTransition: Sendable, Hashable, Codable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// The user came into the fence.
    case enter
    /// The user left it.
    case exit
    /// The user has been inside for the configured dwell time (once per visit).
    case dwell
  }

  /// What happened.
  public let kind: Kind
  /// The fence's point of interest.
  public let pointOfInterest: PointOfInterest
  /// The timestamp of the fix that showed it.
  public let timestamp: Date
  /// The fix's distance from the fence's centre, in metres.
  public let distance: Double

  /// Creates a transition.
  public init(kind: Kind, pointOfInterest: PointOfInterest, timestamp: Date, distance: Double) {
    self.kind = kind
    self.pointOfInterest = pointOfInterest
    self.timestamp = timestamp
    self.distance = distance
  }
}

extension GeofenceTransition {
  /// Decodes a transition; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    kind = try container.decode("kind")
    pointOfInterest = try container.decode("pointOfInterest")
    timestamp = try container.decode("timestamp")
    distance = try container.decode("distance")
  }

  /// Encodes every field of a transition.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(kind, "kind")
    try container.encode(pointOfInterest, "pointOfInterest")
    try container.encode(timestamp, "timestamp")
    try container.encode(distance, "distance")
  }
}
