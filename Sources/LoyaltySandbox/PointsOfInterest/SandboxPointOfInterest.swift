import LoyaltyCore

/// A geofencing point of interest as `shops.retrieve_pois` lists it. Any numbers are
/// accepted, so tests can plant points with bad coordinates.
public struct SandboxPointOfInterest: Sendable, Hashable {
  /// `id`.
  public var id: Int64
  /// `merchant_uuid`.
  public var merchantUUID: String
  /// `name`.
  public var name: String
  /// `lat`, degrees; `nil` leaves it out.
  public var latitude: Double?
  /// `lon`, degrees; `nil` leaves it out.
  public var longitude: Double?
  /// `radius`, metres; `nil` leaves it out (the client then uses 100 m).
  public var radius: Double?
  /// `offer_title`.
  public var offerTitle: String?
  /// `offer_description`.
  public var offerDescription: String?

  /// Creates a point.
  public init(
    id: Int64, merchantUUID: String, name: String, latitude: Double?, longitude: Double?,
    radius: Double? = 100, offerTitle: String? = nil, offerDescription: String? = nil
  ) {
    self.id = id
    self.merchantUUID = merchantUUID
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.offerTitle = offerTitle
    self.offerDescription = offerDescription
  }

  var json: JSONValue {
    var object: [String: JSONValue] = [
      "id": .integer(Int(id)), "merchant_uuid": .string(merchantUUID), "name": .string(name),
    ]
    object["lat"] = latitude.map(JSONValue.number)
    object["lon"] = longitude.map(JSONValue.number)
    object["radius"] = radius.map(JSONValue.number)
    object["offer_title"] = offerTitle.map(JSONValue.string)
    object["offer_description"] = offerDescription.map(JSONValue.string)
    return .object(object)
  }
}
