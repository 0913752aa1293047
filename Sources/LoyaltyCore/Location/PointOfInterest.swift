/// A geofencing point of interest: a merchant's store as a circle on the map.
///
/// `RTLStore` in the seed SDK (seed 407-421): the store, its merchant, its position and
/// the offer a notification shows. The fence is the circle of ``radius`` metres around
/// the position (100 m in the seed, seed 350).
public struct PointOfInterest: Sendable, Hashable, Codable {
  /// The server's id for the point.
  public var id: Int64
  /// Degrees north, from -90 to 90.
  public var latitude: Double
  /// Degrees east, from -180 to 180.
  public var longitude: Double
  /// The circle's radius in metres, zero or more.
  public var radius: Double
  /// The merchant the store belongs to; notification limits count per merchant.
  public var merchantID: String
  /// The store's name.
  public var name: String
  /// The offer's title, shown in a notification.
  public var offerTitle: String?
  /// The offer's description, shown in a notification.
  public var offerDescription: String?

  /// Creates a point of interest.
  public init(
    id: Int64, latitude: Double, longitude: Double, radius: Double, merchantID: String = "",
    name: String = "", offerTitle: String? = nil, offerDescription: String? = nil
  ) {
    self.id = id
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.merchantID = merchantID
    self.name = name
    self.offerTitle = offerTitle
    self.offerDescription = offerDescription
  }

  /// The fence's centre.
  public var center: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }

  /// Whether the coordinates and radius are finite and in range.
  public var isValid: Bool {
    center.isValid && radius.isFinite && radius >= 0
  }
}

extension PointOfInterest {
  /// Decodes a point of interest; the offer's title and description may be absent or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    id = try container.decode("id")
    latitude = try container.decode("latitude")
    longitude = try container.decode("longitude")
    radius = try container.decode("radius")
    merchantID = try container.decode("merchantID")
    name = try container.decode("name")
    offerTitle = try container.decodeIfPresent("offerTitle")
    offerDescription = try container.decodeIfPresent("offerDescription")
  }

  /// Encodes a point of interest; `nil` fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(id, "id")
    try container.encode(latitude, "latitude")
    try container.encode(longitude, "longitude")
    try container.encode(radius, "radius")
    try container.encode(merchantID, "merchantID")
    try container.encode(name, "name")
    try container.encodeIfPresent(offerTitle, "offerTitle")
    try container.encodeIfPresent(offerDescription, "offerDescription")
  }
}
