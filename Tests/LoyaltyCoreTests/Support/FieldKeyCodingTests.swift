import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@Suite("Hand-written coding keeps the JSON of synthesised Codable")
struct FieldKeyCodingTests {
  @Test("DirectoryMerchant: every key, absent or null optionals, a missing required field")
  func directoryMerchant() throws {
    let merchant = DirectoryMerchant(
      id: 7, name: "Καφέ", category: "Food", address: "Odos 1", tags: ["coffee"],
      location: DirectoryLocation(latitude: 37.5, longitude: 23.5), denominationsType: "fixed",
      enabled: false, paymentTypes: [.dash], providers: [.ctx])
    let json = """
      {"id": 7, "name": "Καφέ", "category": "Food", "address": "Odos 1", "tags": ["coffee"],
       "location": {"latitude": 37.5, "longitude": 23.5}, "denominationsType": "fixed",
       "enabled": false, "paymentTypes": ["dash"], "providers": ["ctx"]}
      """
    #expect(try JSONProbe.encoded(merchant) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(DirectoryMerchant.self, json) == merchant)
    let bare = """
      {"id": 1, "name": "M", "category": "", "address": "", "tags": [], "denominationsType": null,
       "enabled": true, "paymentTypes": [], "providers": []}
      """
    #expect(
      try JSONProbe.decoded(DirectoryMerchant.self, bare) == DirectoryMerchant(id: 1, name: "M"))
    #expect(
      try JSONProbe.encoded(DirectoryMerchant(id: 1, name: "M"))
        == JSONProbe.tree(
          bare.replacingOccurrences(
            of: "\"denominationsType\": null,", with: "")))
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(DirectoryMerchant.self, #"{"id": 1, "name": "M"}"#)
    }
  }

  @Test("PointOfInterest: every key, absent or null offer, a missing required field")
  func pointOfInterest() throws {
    let point = PointOfInterest(
      id: 42, latitude: 37.5, longitude: 23.25, radius: 100, merchantID: "m-1", name: "Store",
      offerTitle: "Title", offerDescription: "Text")
    let json = """
      {"id": 42, "latitude": 37.5, "longitude": 23.25, "radius": 100, "merchantID": "m-1",
       "name": "Store", "offerTitle": "Title", "offerDescription": "Text"}
      """
    #expect(try JSONProbe.encoded(point) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(PointOfInterest.self, json) == point)
    let bare = """
      {"id": 1, "latitude": 0, "longitude": 0, "radius": 0, "merchantID": "", "name": "",
       "offerTitle": null}
      """
    let plain = PointOfInterest(id: 1, latitude: 0, longitude: 0, radius: 0)
    #expect(try JSONProbe.decoded(PointOfInterest.self, bare) == plain)
    #expect(
      try JSONProbe.encoded(plain)
        == JSONProbe.tree(bare.replacingOccurrences(of: ",\n \"offerTitle\": null", with: "")))
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        PointOfInterest.self, #"{"id": 1, "latitude": 0, "longitude": 0, "radius": 0}"#)
    }
  }

  @Test("QueuedEvent: every key, every field required")
  func queuedEvent() throws {
    let event = QueuedEvent(
      id: "e-1", name: "open", timestamp: JSONProbe.date(100), payload: Data("{}".utf8), attempts: 2
    )
    let json = #"{"id": "e-1", "name": "open", "timestamp": 100, "payload": "e30=", "attempts": 2}"#
    #expect(try JSONProbe.encoded(event) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(QueuedEvent.self, json) == event)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        QueuedEvent.self, #"{"id": "e-1", "name": "open", "timestamp": 100, "payload": "e30="}"#)
    }
  }

  @Test("DirectorySnapshotInfo: every key, every field required")
  func directorySnapshotInfo() throws {
    let info = DirectorySnapshotInfo(
      version: 3, schemaVersion: 2, merchantCount: 10, installedAt: JSONProbe.date(50),
      fallbacks: ["enabled<-default": 1], fullTextSearch: false)
    let json = """
      {"version": 3, "schemaVersion": 2, "merchantCount": 10, "installedAt": 50,
       "fallbacks": {"enabled<-default": 1}, "fullTextSearch": false}
      """
    #expect(try JSONProbe.encoded(info) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(DirectorySnapshotInfo.self, json) == info)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        DirectorySnapshotInfo.self,
        #"{"version": 3, "schemaVersion": 2, "merchantCount": 10, "installedAt": 50}"#)
    }
  }

  @Test("TokenPair: every key, absent or null client, a missing required field")
  func tokenPair() throws {
    let pair = TokenPair(
      accessToken: "a", refreshToken: "r", clientID: "id", clientSecret: "secret")
    let json =
      #"{"accessToken": "a", "refreshToken": "r", "clientID": "id", "clientSecret": "secret"}"#
    #expect(try JSONProbe.encoded(pair) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(TokenPair.self, json) == pair)
    let plain = TokenPair(accessToken: "a", refreshToken: "r")
    #expect(
      try JSONProbe.encoded(plain) == JSONProbe.tree(#"{"accessToken": "a", "refreshToken": "r"}"#))
    #expect(
      try JSONProbe.decoded(
        TokenPair.self, #"{"accessToken": "a", "refreshToken": "r", "clientID": null}"#)
        == plain)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(TokenPair.self, #"{"accessToken": "a"}"#)
    }
  }

  @Test("NotificationLimits: every key, defaults do not make a field optional")
  func notificationLimits() throws {
    let limits = NotificationLimits(
      perDay: 1, perWeek: 2, perMonth: 3, merchantCooldown: 60, allowedHours: 8..<22)
    let json = """
      {"perDay": 1, "perWeek": 2, "perMonth": 3, "merchantCooldown": 60, "allowedHours": [8, 22]}
      """
    #expect(try JSONProbe.encoded(limits) == JSONProbe.tree(json))
    #expect(try JSONProbe.decoded(NotificationLimits.self, json) == limits)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(NotificationLimits.self, #"{"perDay": 1, "perWeek": 2, "perMonth": 3}"#)
    }
  }

  @Test("GeoBoundingBox, GeoPoint and DirectoryLocation: every key, every field required")
  func coordinates() throws {
    let box = GeoBoundingBox(minLatitude: 1, maxLatitude: 2, minLongitude: 3, maxLongitude: 4.5)
    let boxJSON = #"{"minLatitude": 1, "maxLatitude": 2, "minLongitude": 3, "maxLongitude": 4.5}"#
    #expect(try JSONProbe.encoded(box) == JSONProbe.tree(boxJSON))
    #expect(try JSONProbe.decoded(GeoBoundingBox.self, boxJSON) == box)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(
        GeoBoundingBox.self, #"{"minLatitude": 1, "maxLatitude": 2, "minLongitude": 3}"#)
    }

    let point = GeoPoint(latitude: 37.5, longitude: -122.25)
    let pointJSON = #"{"latitude": 37.5, "longitude": -122.25}"#
    #expect(try JSONProbe.encoded(point) == JSONProbe.tree(pointJSON))
    #expect(try JSONProbe.decoded(GeoPoint.self, pointJSON) == point)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(GeoPoint.self, #"{"latitude": 37.5, "longitude": null}"#)
    }

    let location = DirectoryLocation(latitude: -33.75, longitude: 151.5)
    let locationJSON = #"{"latitude": -33.75, "longitude": 151.5}"#
    #expect(try JSONProbe.encoded(location) == JSONProbe.tree(locationJSON))
    #expect(try JSONProbe.decoded(DirectoryLocation.self, locationJSON) == location)
    #expect(throws: DecodingError.self) {
      try JSONProbe.decoded(DirectoryLocation.self, #"{"longitude": 151.5}"#)
    }
  }

  @Test("NotificationLimiter's history: each entry is {date, merchantID}")
  func notificationHistory() async throws {
    let store = InMemoryKeyValueStore()
    let clock = ManualClock(start: JSONProbe.date(1_000))
    let limiter = NotificationLimiter(
      limits: NotificationLimits(allowedHours: 0..<24), store: store, clock: clock,
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    try await limiter.record(merchantID: "m-1")
    let stored = try #require(await store.data(forKey: NotificationLimiter.storageKey))
    #expect(
      try JSONValue(parsing: stored) == JSONProbe.tree(#"[{"date": 1000, "merchantID": "m-1"}]"#))

    let written = InMemoryKeyValueStore()
    try await written.set(
      JSONProbe.tree(#"[{"date": 1000, "merchantID": "m-2"}]"#),
      forKey: NotificationLimiter.storageKey)
    let reader = NotificationLimiter(
      limits: NotificationLimits(allowedHours: 0..<24), store: written, clock: clock,
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    #expect(try await reader.counts().day == 1)
    #expect(try await reader.check(merchantID: "m-2") != .allowed)

    let broken = InMemoryKeyValueStore()
    try await broken.set(
      JSONProbe.tree(#"[{"date": 1000}]"#), forKey: NotificationLimiter.storageKey)
    let refusing = NotificationLimiter(store: broken, clock: clock)
    await #expect(throws: LoyaltyError.self) { try await refusing.counts() }
  }
}
