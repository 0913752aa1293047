import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// How fences are entered and left, and how regions are chosen.
///
/// A fix counts as inside a fence when even the near half of its uncertainty is inside
/// (`distance + accuracy / 2 <= radius`), and as outside only when it is clearly past the
/// fence and a band of ``exitHysteresis`` metres (`distance - accuracy / 2 > radius +
/// exitHysteresis`). Between the two nothing changes: a user standing on the boundary,
/// with fixes wandering a few tens of metres, stays where they were.
public struct GeofenceConfiguration: Sendable, Hashable, Codable {
  /// The band past a fence's edge a fix must clear to leave it, in metres.
  public var exitHysteresis: Double
  /// Fixes less accurate than this (in metres) are ignored and counted.
  public var maximumAccuracy: Double
  /// How long a visit lasts before it is reported as a dwell, in seconds.
  public var dwellTime: TimeInterval
  /// How many regions ``LocationCenter/regionsToMonitor(near:limit:)`` chooses by
  /// default: iOS monitors at most 20 per app (a value outside 1...20 is brought into
  /// it).
  public var regionLimit: Int
  /// The least distance, in metres, the user moves before the regions are chosen again.
  public var minimumRefreshDistance: Double

  /// Creates a configuration.
  public init(
    exitHysteresis: Double = 30, maximumAccuracy: Double = 200, dwellTime: TimeInterval = 300,
    regionLimit: Int = 20, minimumRefreshDistance: Double = 250
  ) {
    self.exitHysteresis = exitHysteresis
    self.maximumAccuracy = maximumAccuracy
    self.dwellTime = dwellTime
    self.regionLimit = regionLimit
    self.minimumRefreshDistance = minimumRefreshDistance
  }

  /// The most regions a platform monitors for one app (iOS: 20).
  public static let platformRegionLimit = 20

  /// ``regionLimit`` brought into 1...20.
  var effectiveRegionLimit: Int { min(max(regionLimit, 1), Self.platformRegionLimit) }
}

extension GeofenceConfiguration {
  /// Decodes a configuration; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    exitHysteresis = try container.decode("exitHysteresis")
    maximumAccuracy = try container.decode("maximumAccuracy")
    dwellTime = try container.decode("dwellTime")
    regionLimit = try container.decode("regionLimit")
    minimumRefreshDistance = try container.decode("minimumRefreshDistance")
  }

  /// Encodes every field of a configuration.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(exitHysteresis, "exitHysteresis")
    try container.encode(maximumAccuracy, "maximumAccuracy")
    try container.encode(dwellTime, "dwellTime")
    try container.encode(regionLimit, "regionLimit")
    try container.encode(minimumRefreshDistance, "minimumRefreshDistance")
  }
}
