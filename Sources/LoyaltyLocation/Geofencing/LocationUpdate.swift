public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One position fix, as the host's location source reports it (`CLLocation` on Apple
/// platforms; the SDK itself links no location framework).
public struct LocationUpdate: Sendable, Hashable, Codable {
  /// Degrees north, from -90 to 90.
  public var latitude: Double
  /// Degrees east, from -180 to 180.
  public var longitude: Double
  /// The radius of uncertainty, in metres: zero or more (`CLLocation`'s
  /// `horizontalAccuracy`, where a negative value means the fix is invalid).
  public var horizontalAccuracy: Double
  /// When the fix was taken.
  public var timestamp: Date

  /// Creates an update.
  public init(latitude: Double, longitude: Double, horizontalAccuracy: Double, timestamp: Date) {
    self.latitude = latitude
    self.longitude = longitude
    self.horizontalAccuracy = horizontalAccuracy
    self.timestamp = timestamp
  }

  /// The position.
  public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

extension LocationUpdate {
  /// Decodes an update; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    latitude = try container.decode("latitude")
    longitude = try container.decode("longitude")
    horizontalAccuracy = try container.decode("horizontalAccuracy")
    timestamp = try container.decode("timestamp")
  }

  /// Encodes every field of an update.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(latitude, "latitude")
    try container.encode(longitude, "longitude")
    try container.encode(horizontalAccuracy, "horizontalAccuracy")
    try container.encode(timestamp, "timestamp")
  }
}
