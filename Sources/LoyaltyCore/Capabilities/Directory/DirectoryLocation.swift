#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on Earth, in degrees.
public struct DirectoryLocation: Sendable, Hashable, Codable {
  /// The latitude, -90...90.
  public var latitude: Double
  /// The longitude, -180...180.
  public var longitude: Double

  /// Creates a location.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The great-circle distance to `other`, in metres (haversine, mean Earth radius).
  public func distance(to other: DirectoryLocation) -> Double {
    let radius = 6_371_008.8
    let toRadians = Double.pi / 180
    let deltaLatitude = (other.latitude - latitude) * toRadians
    let deltaLongitude = (other.longitude - longitude) * toRadians
    let sinLatitude = sin(deltaLatitude / 2)
    let sinLongitude = sin(deltaLongitude / 2)
    let a =
      sinLatitude * sinLatitude + cos(latitude * toRadians) * cos(other.latitude * toRadians)
      * sinLongitude * sinLongitude
    return 2 * radius * asin(min(1, a.squareRoot()))
  }
}

extension DirectoryLocation {
  /// Decodes a location; both coordinates are required.
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
