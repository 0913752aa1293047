public import LoyaltyCore

/// A circular region for the platform to monitor (`CLCircularRegion`).
public struct MonitoredRegion: Sendable, Hashable, Codable {
  /// The identifier to register it under: `loyalty.poi.<id>`.
  public let identifier: String
  /// The point of interest it watches.
  public let pointOfInterestID: Int64
  /// Its centre.
  public let center: GeoPoint
  /// Its radius, in metres.
  public let radius: Double

  /// The region watching `point`.
  public init(_ point: PointOfInterest) {
    identifier = "\(Self.prefix)\(point.id)"
    pointOfInterestID = point.id
    center = point.center
    radius = point.radius
  }

  /// The prefix of every identifier the SDK gives a region.
  public static let prefix = "loyalty.poi."
}

extension MonitoredRegion {
  /// Decodes a region; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    identifier = try container.decode("identifier")
    pointOfInterestID = try container.decode("pointOfInterestID")
    center = try container.decode("center")
    radius = try container.decode("radius")
  }

  /// Encodes every field of a region.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(identifier, "identifier")
    try container.encode(pointOfInterestID, "pointOfInterestID")
    try container.encode(center, "center")
    try container.encode(radius, "radius")
  }
}
