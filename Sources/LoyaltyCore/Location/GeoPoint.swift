/// A position on the earth, in degrees (WGS 84).
public struct GeoPoint: Sendable, Hashable, Codable {
  /// Degrees north, from -90 to 90.
  public var latitude: Double
  /// Degrees east, from -180 to 180.
  public var longitude: Double

  /// Creates a point.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both coordinates are finite and in range.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && latitude >= -90 && latitude <= 90
      && longitude >= -180 && longitude <= 180
  }

  /// The great-circle distance to `other`, in metres (``GeoDistance/metres(from:to:)``).
  public func distance(to other: GeoPoint) -> Double {
    GeoDistance.metres(from: self, to: other)
  }
}

extension GeoPoint {
  /// Decodes a point; both coordinates are required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    latitude = try container.decode("latitude")
    longitude = try container.decode("longitude")
  }

  /// Encodes both coordinates.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(latitude, "latitude")
    try container.encode(longitude, "longitude")
  }
}
