/// A geofencing point of interest: a circle on the map.
public struct PointOfInterest: Sendable, Hashable, Codable {
  /// The server's id for the point.
  public var id: Int64
  /// Degrees north, from -90 to 90.
  public var latitude: Double
  /// Degrees east, from -180 to 180.
  public var longitude: Double
  /// The circle's radius in metres, zero or more.
  public var radius: Double

  /// Creates a point of interest.
  public init(id: Int64, latitude: Double, longitude: Double, radius: Double) {
    self.id = id
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
  }

  /// Whether the coordinates and radius are finite and in range.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && radius.isFinite
      && (-90...90).contains(latitude) && (-180...180).contains(longitude) && radius >= 0
  }
}
