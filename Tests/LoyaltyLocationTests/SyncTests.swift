import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@testable import LoyaltyLocation

@Suite("Points-of-interest sync")
struct SyncTests {
  static let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "location-tests",
    apiKey: "location-tests-api-key", bundleID: "com.example.location-tests",
    environment: .custom(
      URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
    language: "en", preset: .testing)

  static func backend(merchants: Int = 40) -> SandboxBackend {
    SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(seed: 7, merchants: merchants))
  }

  /// A center syncing from `backend` into memory, its logs and events kept.
  struct Syncing {
    let client: LoyaltyClient
    let center: LocationCenter
    let pois = InMemoryPointOfInterestStore()
    let logs = InMemoryLogHandler()
    let events = InMemoryEventSink()

    init(_ backend: SandboxBackend) async throws {
      client = try await LoyaltyClient.start(
        SyncTests.configuration, modules: [NetworkModule()],
        overrides: CapabilityOverrides().overriding(
          .httpTransport, with: SandboxTransport(backend)))
      let clock = ManualClock(start: Town.noon)
      center = LocationCenter(
        pointsOfInterest: pois, store: nil,
        limiter: NotificationLimiter(store: nil, clock: clock, timeZone: Town.athens),
        network: try client.network, events: events, clock: clock,
        logger: LoyaltyLogger(label: "LoyaltyLocation", level: .debug, handler: logs))
    }
  }

  @Test("a first sync is full, page by page, and keeps every field")
  func fullSync() async throws {
    let backend = Self.backend(merchants: 1_200)
    let syncing = try await Syncing(backend)
    let report = try await syncing.center.syncPointsOfInterest()
    #expect(report.full)
    #expect(report.pages == 3)
    #expect(report.upserted == 1_200)
    #expect(report.skippedCount == 0)
    #expect(report.version == String(backend.pointsOfInterestVersion))
    #expect(try await syncing.pois.count() == 1_200)
    #expect(try await syncing.pois.syncVersion() == report.version)
    let served = try #require(backend.pointsOfInterest.first)
    let stored = try #require(try await syncing.pois.pointOfInterest(id: served.id))
    #expect(stored.latitude == served.latitude && stored.longitude == served.longitude)
    #expect(stored.merchantID == served.merchantUUID && stored.name == served.name)
    #expect(stored.offerTitle == served.offerTitle && stored.radius == 100)
    // Near the sandbox's merchants: the fence is where the merchant is.
    let merchant = try #require(backend.catalog.merchants.first)
    #expect(
      try await syncing.pois.pointsOfInterest(
        containing: GeoPoint(latitude: merchant.latitude, longitude: merchant.longitude)
      ).contains { $0.id == 1 })
    await syncing.client.shutdown()
  }

  @Test("an incremental sync brings changes and removals since the stored version")
  func incremental() async throws {
    let backend = Self.backend()
    let syncing = try await Syncing(backend)
    try await syncing.center.syncPointsOfInterest()
    backend.upsertPointOfInterest(
      SandboxPointOfInterest(
        id: 500, merchantUUID: "new", name: "New shop", latitude: 37.98, longitude: 23.73))
    var moved = try #require(backend.pointsOfInterest.first { $0.id == 2 })
    moved.radius = 250
    backend.upsertPointOfInterest(moved)
    backend.removePointOfInterest(id: 3)

    let report = try await syncing.center.syncPointsOfInterest()
    #expect(!report.full)
    #expect(report.upserted == 2)
    #expect(report.removed == 1)
    #expect(try await syncing.pois.count() == 40)
    #expect(try await syncing.pois.pointOfInterest(id: 3) == nil)
    #expect(try await syncing.pois.pointOfInterest(id: 2)?.radius == 250)
    #expect(try await syncing.pois.pointOfInterest(id: 500)?.name == "New shop")
    // Nothing changed since: an empty answer.
    let again = try await syncing.center.syncPointsOfInterest()
    #expect(again.upserted == 0 && again.removed == 0 && !again.full)
    await syncing.client.shutdown()
  }

  @Test("a version the server does not know gets everything; what it did not list is removed")
  func unknownVersionIsFull() async throws {
    let backend = Self.backend()
    let syncing = try await Syncing(backend)
    try await syncing.pois.upsert([PointOfInterest(id: 9_999, latitude: 1, longitude: 1, radius: 1)]
    )
    try await syncing.pois.setSyncVersion("999999")
    let report = try await syncing.center.syncPointsOfInterest()
    #expect(report.full)
    #expect(report.removed == 1)
    #expect(try await syncing.pois.pointOfInterest(id: 9_999) == nil)
    #expect(try await syncing.pois.count() == 40)
    await syncing.client.shutdown()
  }

  @Test("points with bad coordinates are skipped and counted, warned about once, posted")
  func badPointsSkipped() async throws {
    let backend = Self.backend()
    let syncing = try await Syncing(backend)
    for (id, latitude, longitude, radius) in [
      (601, 999.0, 23.7, 100.0), (602, 37.9, Double?.none, 100.0), (603, 37.9, 23.7, -5.0),
    ] as [(Int64, Double?, Double?, Double?)] {
      backend.upsertPointOfInterest(
        SandboxPointOfInterest(
          id: id, merchantUUID: "bad", name: "Bad", latitude: latitude, longitude: longitude,
          radius: radius))
    }
    backend.upsertPointOfInterest(
      SandboxPointOfInterest(
        id: 604, merchantUUID: "ok", name: "No radius", latitude: 37.9, longitude: 23.7,
        radius: nil))
    let report = try await syncing.center.syncPointsOfInterest()
    #expect(report.skipped == [.invalidCoordinates: 2, .invalidRadius: 1])
    #expect(report.defaultedRadius == 1)
    #expect(try await syncing.pois.count() == 41)
    #expect(try await syncing.pois.pointOfInterest(id: 604)?.radius == 100)
    #expect(
      syncing.events.events(of: PointsOfInterestSkipped.self).map(\.counts) == [report.skipped])
    let warnings = { syncing.logs.records.filter { $0.level == .warning }.count }
    #expect(warnings() == 2, "one per reason")

    // A second sync with the same problem: counted and posted again, not warned again.
    backend.upsertPointOfInterest(
      SandboxPointOfInterest(
        id: 605, merchantUUID: "bad", name: "Bad", latitude: 200,
        longitude: 0))
    let second = try await syncing.center.syncPointsOfInterest()
    #expect(second.skipped[.invalidCoordinates] == 1)
    #expect(warnings() == 2)
    #expect(syncing.events.events(of: PointsOfInterestSkipped.self).count == 2)
    await syncing.client.shutdown()
  }

  @Test("a failed sync leaves the version as it was; the next one succeeds")
  func faults() async throws {
    let backend = Self.backend()
    let syncing = try await Syncing(backend)
    for fault in [SandboxFault.status(503), .malformedBody, .truncatedBody, .dropConnection] {
      backend.failNext(10, with: fault, on: .endpoint(.pointsOfInterest))
      await #expect(throws: LoyaltyError.self, "\(fault)") {
        try await syncing.center.syncPointsOfInterest()
      }
      #expect(try await syncing.pois.syncVersion() == nil)
      backend.clearFaults()
    }
    let report = try await syncing.center.syncPointsOfInterest()
    #expect(report.full && report.upserted == 40)
    await syncing.client.shutdown()
  }

  @Test("a page of several without a version is refused with a typed error naming the field")
  func missingVersion() throws {
    let envelope = ResponseEnvelope(
      httpStatus: 200, status: 1,
      fields: [
        "MAPP_SHOPS-status": 1,
        "MAPP_SHOPS": .object(["pois": .array([]), "next_cursor": "page-2"]),
      ])
    let error = #expect(throws: LoyaltyError.self) {
      try POIPage(envelope)
    }
    #expect(error?.code == .poiSyncFailed)
    #expect(error?.metadata["field"] == "MAPP_SHOPS.version")
  }

  @Test(
    "a complete answer without a version, or the points alone in any form, is a full sync",
    arguments: [
      ("MAPP_SHOPS.version", JSONValue.object(["pois": .array([Self.point])])),
      ("MAPP_SHOPS", .array([Self.point])),
      ("MAPP_SHOPS.pois", .object(["items": .array([Self.point])])),
      ("MAPP_SHOPS.pois", .object(["pois": Self.point])),
    ])
  func versionlessForms(drifted: String, payload: JSONValue) throws {
    let page = try POIPage(
      ResponseEnvelope(
        httpStatus: 200, status: 1, fields: ["MAPP_SHOPS-status": 1, "MAPP_SHOPS": payload]))
    #expect(page.points.map(\.id) == [7])
    #expect(page.full && page.version.isEmpty && page.nextCursor == nil)
    #expect(page.drift.contains(drifted))
  }

  @Test("a page without points (removals only) is read; a `pois` that is a word is refused")
  func removalsOnly() throws {
    let removals = try POIPage(
      ResponseEnvelope(
        httpStatus: 200, status: 1,
        fields: [
          "MAPP_SHOPS": .object(["version": "9", "removed": .array([3, 4])])
        ]))
    #expect(removals.points.isEmpty && removals.removed == [3, 4] && removals.drift.isEmpty)
    let error = #expect(throws: LoyaltyError.self) {
      try POIPage(
        ResponseEnvelope(
          httpStatus: 200, status: 1,
          fields: ["MAPP_SHOPS": .object(["version": "9", "pois": "none"])]))
    }
    #expect(error?.metadata["field"] == "MAPP_SHOPS.pois")
    let notReplaced = #expect(throws: LoyaltyError.self, "another name never stands in") {
      try POIPage(
        ResponseEnvelope(
          httpStatus: 200, status: 1,
          fields: [
            "MAPP_SHOPS": .object(["version": "9", "pois": "none", "items": [Self.point]])
          ]))
    }
    #expect(notReplaced?.metadata["field"] == "MAPP_SHOPS.pois")
  }

  static let point: JSONValue = .object(["id": 7, "lat": 37.98, "lon": 23.72, "radius": 80])
}

/// Answers through the sandbox, but fails the page request numbered `failing` (from 1).
final class FailingTransport: HTTPTransport {
  let inner: SandboxTransport
  let failing: Int
  private let count = Locked(0)

  init(_ backend: SandboxBackend, failing: Int) {
    inner = SandboxTransport(backend)
    self.failing = failing
  }

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    // Only the sync's pages are counted: the device registration at start may go out
    // before or between them.
    let isPage =
      request.body.map { String(decoding: $0, as: UTF8.self) }?
      .contains("retrieve_pois") ?? false
    guard isPage else { return try await inner.send(request) }
    let number = count.withLock { count in
      count += 1
      return count
    }
    if number == failing {
      return HTTPResponse(status: 400, body: Data(#"{"status":"0","msg":"no"}"#.utf8))
    }
    return try await inner.send(request)
  }
}

@Suite("Points-of-interest sync, interrupted")
struct InterruptedSyncTests {
  @Test(
    "a full sync failing half-way removes nothing and keeps the version; the next one completes")
  func halfWay() async throws {
    let backend = SyncTests.backend(merchants: 1_200)
    let pois = InMemoryPointOfInterestStore()
    try await pois.upsert([PointOfInterest(id: 9_999, latitude: 1, longitude: 1, radius: 1)])
    let client = try await LoyaltyClient.start(
      SyncTests.configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(
        .httpTransport, with: FailingTransport(backend, failing: 2)))
    let clock = ManualClock()
    let center = LocationCenter(
      pointsOfInterest: pois, store: nil, limiter: NotificationLimiter(store: nil, clock: clock),
      network: try client.network, clock: clock)
    await #expect(throws: LoyaltyError.self) { try await center.syncPointsOfInterest() }
    #expect(try await pois.syncVersion() == nil)
    #expect(try await pois.count() == 501, "the first page applied, nothing removed")
    let report = try await center.syncPointsOfInterest()
    #expect(report.full && report.pages == 3 && report.removed == 1)
    #expect(try await pois.count() == 1_200)
    #expect(try await pois.pointOfInterest(id: 9_999) == nil)
    await client.shutdown()
  }
}
