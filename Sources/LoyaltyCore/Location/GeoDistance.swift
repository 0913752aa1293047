#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Distances on the earth: the one place the SDK computes them.
///
/// The haversine formula on a sphere of the mean earth radius: within 0.5 % of the
/// ellipsoid's distance, far better than a phone's position at the scale of a fence.
public enum GeoDistance {
  /// The mean earth radius, in metres (IUGG).
  public static let earthRadius = 6_371_008.8

  /// Metres per degree of latitude on that sphere.
  public static let metresPerDegree = earthRadius * Double.pi / 180

  /// The great-circle distance between `first` and `second`, in metres.
  @_optimize(speed)
  public static func metres(from first: GeoPoint, to second: GeoPoint) -> Double {
    let lat1 = first.latitude * Double.pi / 180
    let lat2 = second.latitude * Double.pi / 180
    let dLat = lat2 - lat1
    let dLon = (second.longitude - first.longitude) * Double.pi / 180
    let sinLat = sin(dLat / 2)
    let sinLon = sin(dLon / 2)
    let a = sinLat * sinLat + cos(lat1) * cos(lat2) * sinLon * sinLon
    return 2 * earthRadius * asin(min(1, a.squareRoot()))
  }

  /// The smallest box holding every point within `radius` metres of `center`.
  ///
  /// Near a pole (the circle reaches it) the box spans every longitude; across the
  /// antimeridian it wraps (``GeoBoundingBox/crossesAntimeridian``).
  @_optimize(speed)
  public static func boundingBox(around center: GeoPoint, radius: Double) -> GeoBoundingBox {
    let radius = max(0, radius)
    let dLat = radius / metresPerDegree
    let minLat = center.latitude - dLat
    let maxLat = center.latitude + dLat
    if minLat <= -90 || maxLat >= 90 || radius >= earthRadius * Double.pi / 2 {
      return GeoBoundingBox(
        minLatitude: max(-90, minLat), maxLatitude: min(90, maxLat), minLongitude: -180,
        maxLongitude: 180)
    }
    // The widest point of the circle is nearer the pole than its centre.
    let widest = max(abs(minLat), abs(maxLat)) * Double.pi / 180
    let dLon = radius / (metresPerDegree * cos(widest))
    guard dLon < 180 else {
      return GeoBoundingBox(
        minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: 180)
    }
    var minLon = center.longitude - dLon
    var maxLon = center.longitude + dLon
    if minLon < -180 { minLon += 360 }
    if maxLon > 180 { maxLon -= 360 }
    return GeoBoundingBox(
      minLatitude: minLat, maxLatitude: maxLat, minLongitude: minLon, maxLongitude: maxLon)
  }
}
