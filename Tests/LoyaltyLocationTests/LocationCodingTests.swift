import Foundation
import LoyaltyCore
import LoyaltyLocation
import Testing

/// `value` encoded as JSON, as a tree.
private func encoded(_ value: some Encodable) throws -> JSONValue {
  try JSONValue(parsing: JSONEncoder().encode(value))
}

/// `json` as a tree.
private func tree(_ json: String) throws -> JSONValue {
  try JSONValue(parsing: Data(json.utf8))
}

/// `json` decoded as a `T`.
private func decoded<T: Decodable>(_: T.Type, _ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// A date whose JSON is the number `seconds` (seconds since 2001-01-01).
private func date(_ seconds: Double) -> Date {
  Date(timeIntervalSinceReferenceDate: seconds)
}

private let pointJSON = """
  {"id": 5, "latitude": 37.5, "longitude": 23.5, "radius": 100, "merchantID": "m-1",
   "name": "Store"}
  """
private let point = PointOfInterest(
  id: 5, latitude: 37.5, longitude: 23.5, radius: 100, merchantID: "m-1", name: "Store")
private let regionJSON = """
  {"identifier": "loyalty.poi.5", "pointOfInterestID": 5,
   "center": {"latitude": 37.5, "longitude": 23.5}, "radius": 100}
  """
private let selectionJSON = """
  {"center": {"latitude": 37.5, "longitude": 23.5}, "regions": [\(regionJSON)],
   "refreshDistance": 250, "chosenAt": 10}
  """

@Suite("Location types keep the JSON of synthesised Codable")
struct LocationCodingTests {
  @Test("GeofenceState and its Visit: every key, absent or null optionals, required visits")
  func geofenceState() throws {
    let json = """
      {"visits": [5, {"pointOfInterest": \(pointJSON), "enteredAt": 20, "dwellReported": true}],
       "lastTimestamp": 30, "selection": \(selectionJSON)}
      """
    let state = try decoded(GeofenceState.self, json)
    let visit = try #require(state.visits[5])
    #expect(visit.pointOfInterest == point)
    #expect(visit.enteredAt == date(20))
    #expect(visit.dwellReported)
    #expect(state.lastTimestamp == date(30))
    #expect(state.selection?.regions == [MonitoredRegion(point)])
    #expect(try encoded(state) == tree(json))

    #expect(try encoded(GeofenceState()) == tree(#"{"visits": []}"#))
    #expect(
      try decoded(GeofenceState.self, #"{"visits": [], "lastTimestamp": null}"#) == GeofenceState())
    #expect(throws: DecodingError.self) {
      try decoded(GeofenceState.self, #"{"lastTimestamp": 30}"#)
    }
    #expect(throws: DecodingError.self) {
      try decoded(
        GeofenceState.self, #"{"visits": [5, {"pointOfInterest": \#(pointJSON), "enteredAt": 20}]}"#
      )
    }
  }

  @Test("GeofenceTransition: every key, every field required")
  func geofenceTransition() throws {
    let transition = GeofenceTransition(
      kind: .dwell, pointOfInterest: point, timestamp: date(40), distance: 12.5)
    let json =
      #"{"kind": "dwell", "pointOfInterest": \#(pointJSON), "timestamp": 40, "distance": 12.5}"#
    #expect(try encoded(transition) == tree(json))
    #expect(try decoded(GeofenceTransition.self, json) == transition)
    #expect(throws: DecodingError.self) {
      try decoded(GeofenceTransition.self, #"{"kind": "dwell", "timestamp": 40, "distance": 12.5}"#)
    }
  }

  @Test("RegionSelection and MonitoredRegion: every key, every field required")
  func regionSelection() throws {
    let region = MonitoredRegion(point)
    #expect(try encoded(region) == tree(regionJSON))
    #expect(try decoded(MonitoredRegion.self, regionJSON) == region)
    #expect(throws: DecodingError.self) {
      try decoded(MonitoredRegion.self, #"{"identifier": "loyalty.poi.5", "radius": 100}"#)
    }

    let selection = RegionSelection(
      center: GeoPoint(latitude: 37.5, longitude: 23.5), regions: [region],
      refreshDistance: 250, chosenAt: date(10))
    #expect(try encoded(selection) == tree(selectionJSON))
    #expect(try decoded(RegionSelection.self, selectionJSON) == selection)
    #expect(throws: DecodingError.self) {
      try decoded(RegionSelection.self, #"{"regions": [], "refreshDistance": 250, "chosenAt": 10}"#)
    }
  }

  @Test("LocationStatistics: every key, every count required")
  func locationStatistics() throws {
    var statistics = LocationStatistics()
    statistics.accepted = 1
    statistics.invalidCoordinates = 2
    statistics.invalidAccuracy = 3
    statistics.inaccurate = 4
    statistics.outOfOrder = 5
    statistics.disabledByPrivacy = 6
    let json = """
      {"accepted": 1, "invalidCoordinates": 2, "invalidAccuracy": 3, "inaccurate": 4,
       "outOfOrder": 5, "disabledByPrivacy": 6}
      """
    #expect(try encoded(statistics) == tree(json))
    #expect(try decoded(LocationStatistics.self, json) == statistics)
    #expect(throws: DecodingError.self) {
      try decoded(LocationStatistics.self, #"{"accepted": 1}"#)
    }
  }

  @Test("GeofenceConfiguration: every key, defaults do not make a field optional")
  func geofenceConfiguration() throws {
    let configuration = GeofenceConfiguration(
      exitHysteresis: 10, maximumAccuracy: 50, dwellTime: 60, regionLimit: 5,
      minimumRefreshDistance: 500)
    let json = """
      {"exitHysteresis": 10, "maximumAccuracy": 50, "dwellTime": 60, "regionLimit": 5,
       "minimumRefreshDistance": 500}
      """
    #expect(try encoded(configuration) == tree(json))
    #expect(try decoded(GeofenceConfiguration.self, json) == configuration)
    #expect(throws: DecodingError.self) {
      try decoded(GeofenceConfiguration.self, #"{"exitHysteresis": 10}"#)
    }
  }

  @Test("LocationUpdate: every key, every field required")
  func locationUpdate() throws {
    let update = LocationUpdate(
      latitude: 37.5, longitude: 23.5, horizontalAccuracy: 15, timestamp: date(70))
    let json = #"{"latitude": 37.5, "longitude": 23.5, "horizontalAccuracy": 15, "timestamp": 70}"#
    #expect(try encoded(update) == tree(json))
    #expect(try decoded(LocationUpdate.self, json) == update)
    #expect(throws: DecodingError.self) {
      try decoded(LocationUpdate.self, #"{"latitude": 37.5, "longitude": 23.5, "timestamp": 70}"#)
    }
  }
}
