import Foundation
import LoyaltyCore
import LoyaltyLocation
import LoyaltyTestSupport
import Testing

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
    let state = try JSONProbe.decoded(GeofenceState.self, json)
    let visit = try #require(state.visits[5])
    #expect(visit.pointOfInterest == point)
    #expect(visit.enteredAt == JSONProbe.date(20))
    #expect(visit.dwellReported)
    #expect(state.lastTimestamp == JSONProbe.date(30))
    #expect(state.selection?.regions == [MonitoredRegion(point)])
    #expect(try JSONProbe.encoded(state) == JSONProbe.tree(json))

    #expect(try JSONProbe.encoded(GeofenceState()) == JSONProbe.tree(#"{"visits": []}"#))
    #expect(
      try JSONProbe.decoded(GeofenceState.self, #"{"visits": [], "lastTimestamp": null}"#)
        == GeofenceState())
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(GeofenceState.self, #"{"lastTimestamp": 30}"#)
    }
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        GeofenceState.self, #"{"visits": [5, {"pointOfInterest": \#(pointJSON), "enteredAt": 20}]}"#
      )
    }
  }

  @Test("GeofenceTransition: every key, every field required")
  func geofenceTransition() throws {
    let transition = GeofenceTransition(
      kind: .dwell, pointOfInterest: point, timestamp: JSONProbe.date(40), distance: 12.5)
    let json =
      #"{"kind": "dwell", "pointOfInterest": \#(pointJSON), "timestamp": 40, "distance": 12.5}"#
    #expect(try JSONProbe.encoded(transition) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(GeofenceTransition.self, json) == transition)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        GeofenceTransition.self, #"{"kind": "dwell", "timestamp": 40, "distance": 12.5}"#)
    }
  }

  @Test("RegionSelection and MonitoredRegion: every key, every field required")
  func regionSelection() throws {
    let region = MonitoredRegion(point)
    #expect(try JSONProbe.encoded(region) == JSONProbe.tree(regionJSON))
    #expect(try JSONProbe.decoded(MonitoredRegion.self, regionJSON) == region)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        MonitoredRegion.self, #"{"identifier": "loyalty.poi.5", "radius": 100}"#)
    }

    let selection = RegionSelection(
      center: GeoPoint(latitude: 37.5, longitude: 23.5), regions: [region],
      refreshDistance: 250, chosenAt: JSONProbe.date(10))
    #expect(try JSONProbe.encoded(selection) == JSONProbe.tree(selectionJSON))
    #expect(try JSONProbe.decoded(RegionSelection.self, selectionJSON) == selection)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        RegionSelection.self, #"{"regions": [], "refreshDistance": 250, "chosenAt": 10}"#)
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
    #expect(try JSONProbe.encoded(statistics) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(LocationStatistics.self, json) == statistics)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(LocationStatistics.self, #"{"accepted": 1}"#)
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
    #expect(try JSONProbe.encoded(configuration) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(GeofenceConfiguration.self, json) == configuration)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(GeofenceConfiguration.self, #"{"exitHysteresis": 10}"#)
    }
  }

  @Test("LocationUpdate: every key, every field required")
  func locationUpdate() throws {
    let update = LocationUpdate(
      latitude: 37.5, longitude: 23.5, horizontalAccuracy: 15, timestamp: JSONProbe.date(70))
    let json = #"{"latitude": 37.5, "longitude": 23.5, "horizontalAccuracy": 15, "timestamp": 70}"#
    #expect(try JSONProbe.encoded(update) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(LocationUpdate.self, json) == update)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        LocationUpdate.self, #"{"latitude": 37.5, "longitude": 23.5, "timestamp": 70}"#)
    }
  }
}
