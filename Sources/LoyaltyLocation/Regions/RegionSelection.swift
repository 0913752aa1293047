public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The regions a host should have the platform monitor, chosen around a position: the
/// nearest points of interest, at most the platform's 20.
///
/// Register ``regions`` (replacing those registered before) and, to be woken when it is
/// time to choose again, one more region: ``refreshRegion``, the circle the user must
/// leave before the choice is stale. ``LocationCenter/update(_:)`` returns a new
/// selection once the user has left it.
public struct RegionSelection: Sendable, Hashable, Codable {
  /// Where the regions were chosen.
  public let center: GeoPoint
  /// The regions, nearest first.
  public let regions: [MonitoredRegion]
  /// How far, in metres, the user may move from ``center`` before the regions are chosen
  /// again: half the distance to the farthest region, and at least the configuration's
  /// minimum.
  public let refreshDistance: Double
  /// When they were chosen (the fix's timestamp).
  public let chosenAt: Date

  /// Creates a selection.
  public init(center: GeoPoint, regions: [MonitoredRegion], refreshDistance: Double, chosenAt: Date)
  {
    self.center = center
    self.regions = regions
    self.refreshDistance = refreshDistance
    self.chosenAt = chosenAt
  }

  /// The identifier of ``refreshRegion``.
  public static let refreshIdentifier = "loyalty.refresh"

  /// The circle whose exit means the regions should be chosen again.
  public var refreshRegion: (identifier: String, center: GeoPoint, radius: Double) {
    (Self.refreshIdentifier, center, refreshDistance)
  }

  /// Whether the user at `point` has moved far enough for a new choice.
  public func isStale(at point: GeoPoint) -> Bool {
    GeoDistance.metres(from: center, to: point) > refreshDistance
  }
}

extension RegionSelection {
  /// Decodes a selection; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    center = try container.decode("center")
    regions = try container.decode("regions")
    refreshDistance = try container.decode("refreshDistance")
    chosenAt = try container.decode("chosenAt")
  }

  /// Encodes every field of a selection.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(center, "center")
    try container.encode(regions, "regions")
    try container.encode(refreshDistance, "refreshDistance")
    try container.encode(chosenAt, "chosenAt")
  }
}
