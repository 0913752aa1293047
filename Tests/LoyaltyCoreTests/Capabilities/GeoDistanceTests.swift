import Foundation
import LoyaltyCore
import Testing

@Suite("GeoDistance")
struct GeoDistanceTests {
  @Test("haversine distances match known values")
  func knownDistances() {
    // Athens (Syntagma) to Thessaloniki (Aristotelous): about 302.6 km on the sphere.
    let athens = GeoPoint(latitude: 37.9755, longitude: 23.7348)
    let thessaloniki = GeoPoint(latitude: 40.6324, longitude: 22.9409)
    let distance = GeoDistance.metres(from: athens, to: thessaloniki)
    #expect(abs(distance - 302_600) < 1_500, "\(distance)")
    #expect(GeoDistance.metres(from: athens, to: athens) == 0)
    // A quarter of the equator.
    let quarter = GeoDistance.metres(
      from: GeoPoint(latitude: 0, longitude: 0), to: GeoPoint(latitude: 0, longitude: 90))
    #expect(abs(quarter - GeoDistance.earthRadius * Double.pi / 2) < 0.001)
    // Across the antimeridian is the short way round.
    let across = GeoDistance.metres(
      from: GeoPoint(latitude: 0, longitude: 179.999),
      to: GeoPoint(latitude: 0, longitude: -179.999))
    #expect(across < 250)
  }

  @Test("a bounding box holds its whole circle, wraps at the antimeridian, opens at the poles")
  func boundingBoxes() {
    let center = GeoPoint(latitude: 52, longitude: 13)
    let box = GeoDistance.boundingBox(around: center, radius: 1_000)
    for bearing in stride(from: 0.0, to: 360, by: 15) {
      // A point 999 m away, roughly in that direction.
      let north = 999 * cos(bearing * .pi / 180) / GeoDistance.metresPerDegree
      let east =
        999 * sin(bearing * .pi / 180) / (GeoDistance.metresPerDegree * cos(52 * .pi / 180))
      #expect(box.contains(GeoPoint(latitude: 52 + north, longitude: 13 + east)))
    }
    let wrapped = GeoDistance.boundingBox(
      around: GeoPoint(latitude: 0, longitude: 179.9999), radius: 100)
    #expect(wrapped.crossesAntimeridian)
    #expect(wrapped.unwrapped.count == 2)
    let polar = GeoDistance.boundingBox(
      around: GeoPoint(latitude: 89.9999, longitude: 0), radius: 100)
    #expect(polar.minLongitude == -180 && polar.maxLongitude == 180 && polar.maxLatitude == 90)
  }
}
