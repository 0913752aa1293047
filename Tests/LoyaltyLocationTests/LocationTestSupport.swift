import Foundation
import LoyaltyCore
import LoyaltyLocation

/// Records analytics events in memory.
final class RecordingAnalytics: AnalyticsTracker {
  private let recorded = Locked<[(name: String, parameters: [String: String])]>([])

  func track(_ name: String, parameters: [String: String]) async throws -> String {
    recorded.withLock { $0.append((name, parameters)) }
    return UUID().uuidString
  }

  var names: [String] { recorded.withLock { $0.map(\.name) } }
}

/// A small map around Syntagma square, Athens: three merchants' stores 500 m apart
/// on a line running east, 100 m fences.
enum Town {
  static let origin = GeoPoint(latitude: 37.9755, longitude: 23.7348)
  static let metresPerDegreeEast = GeoDistance.metresPerDegree * cos(origin.latitude * .pi / 180)

  /// The point `north` and `east` metres from the origin.
  static func point(north: Double = 0, east: Double = 0) -> GeoPoint {
    GeoPoint(
      latitude: origin.latitude + north / GeoDistance.metresPerDegree,
      longitude: origin.longitude + east / metresPerDegreeEast)
  }

  static func shop(_ id: Int64, east: Double, merchant: String, radius: Double = 100)
    -> PointOfInterest
  {
    let center = point(east: east)
    return PointOfInterest(
      id: id, latitude: center.latitude, longitude: center.longitude, radius: radius,
      merchantID: merchant, name: "Shop \(id)", offerTitle: "Offer \(id)")
  }

  static let shops = [
    shop(1, east: 0, merchant: "bakery"),
    shop(2, east: 500, merchant: "bakery"),
    shop(3, east: 1_000, merchant: "florist"),
  ]

  /// 12:00 in Athens (UTC+3 in summer) on Wednesday 2027-07-14.
  static let noon = Date(timeIntervalSince1970: 1_815_555_600)
  /// Athens; in July, when the tests use it, UTC+3.
  static let athens =
    TimeZone(identifier: "Europe/Athens") ?? TimeZone(secondsFromGMT: 10_800) ?? .gmt
}

/// A center on in-memory stores, with what a test inspects.
struct Harness {
  let center: LocationCenter
  let clock: ManualClock
  let store: InMemoryKeyValueStore
  let pois: InMemoryPointOfInterestStore
  let events: InMemoryEventSink
  let analytics: RecordingAnalytics

  init(
    shops: [PointOfInterest] = Town.shops, start: Date = Town.noon,
    timeZone: TimeZone = Town.athens, store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    configuration: GeofenceConfiguration = GeofenceConfiguration()
  ) {
    clock = ManualClock(start: start)
    self.store = store
    pois = InMemoryPointOfInterestStore(shops)
    events = InMemoryEventSink()
    analytics = RecordingAnalytics()
    center = LocationCenter(
      configuration: configuration, pointsOfInterest: pois, store: store,
      limiter: NotificationLimiter(store: store, clock: clock, timeZone: timeZone),
      events: events, analytics: analytics, clock: clock)
  }

  /// A fix `east` metres from the origin (and `north`), `seconds` after the start.
  func fix(east: Double, north: Double = 0, accuracy: Double = 10, at seconds: Double = 0)
    -> LocationUpdate
  {
    let point = Town.point(north: north, east: east)
    return LocationUpdate(
      latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: accuracy,
      timestamp: Town.noon.addingTimeInterval(seconds))
  }

  /// Sends a fix and returns the kinds and ids of its transitions: `enter 1`, `exit 2`.
  @discardableResult
  func send(east: Double, north: Double = 0, accuracy: Double = 10, at seconds: Double = 0)
    async throws -> [String]
  {
    let result = try await center.update(
      fix(east: east, north: north, accuracy: accuracy, at: seconds))
    return result.transitions.map { "\($0.kind.rawValue) \($0.pointOfInterest.id)" }
  }
}
