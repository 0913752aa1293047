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
