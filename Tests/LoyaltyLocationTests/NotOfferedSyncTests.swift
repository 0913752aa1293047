import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@testable import LoyaltyLocation

/// Points of interest are not in seed 000: a backend that does not offer them answers in
/// whatever way it answers a call it does not know. The sync reads each of those as
/// `notOffered` and keeps every stored point; an empty list under its own name is zero.
@Suite("Points-of-interest sync: a backend that does not offer it")
struct NotOfferedSyncTests {
  /// A page read from `payload` under `MAPP_SHOPS` (and, when given, `result`).
  static func page(_ payload: JSONValue?, result: JSONValue? = nil) throws -> POIPage {
    var fields: [String: JSONValue] = ["MAPP_SHOPS-status": 1]
    fields["MAPP_SHOPS"] = payload
    fields["result"] = result
    return try POIPage(ResponseEnvelope(httpStatus: 200, status: 1, fields: fields))
  }

  static let merchants: JSONValue = [
    ["uuid": "m-1", "name": "A merchant", "category": "food"],
    ["uuid": "m-2", "name": "Another", "category": "fuel"],
  ]

  @Test(
    "no points of interest in any form is not offered",
    arguments: [
      (nil, nil),
      (JSONValue.object([:]), nil),
      (JSONValue.object(["shops": Self.merchants]), Self.merchants),
      (Self.merchants, nil),
      (JSONValue.object(["items": Self.merchants]), nil),
    ] as [(JSONValue?, JSONValue?)])
  func nothingAboutPoints(payload: JSONValue?, result: JSONValue?) throws {
    let error = #expect(throws: LoyaltyError.self) { try Self.page(payload, result: result) }
    #expect(error?.code == .notOffered, "\(String(describing: error))")
    #expect(error?.metadata["endpoint"] == "retrieve_pois")
  }

  @Test("an empty list under its own name is zero points; removals alone are changes")
  func emptyIsZero() throws {
    let empty = try Self.page(["pois": [], "version": "4", "full": true])
    #expect(empty.points.isEmpty && empty.full && empty.version == "4")
    let emptyWithoutVersion = try Self.page(["pois": []])
    #expect(emptyWithoutVersion.points.isEmpty && emptyWithoutVersion.full)
    // Removals without a version are applied as changes, never as the whole set.
    let removals = try Self.page(["removed": [3]])
    #expect(!removals.full && removals.removed == [3])
    // A point in another form: read, as before.
    let one = try Self.page(nil, result: [["id": 9, "lat": 37.9, "lon": 23.7]])
    #expect(one.points.map(\.id) == [9])
  }

  @Test(
    "the sync keeps every stored point when the backend does not offer it",
    arguments: [
      SandboxFault.status(404), .status(400), .status(501), .emptySuccess, .otherCallAnswer,
    ])
  func keepsStored(answer: SandboxFault) async throws {
    let backend = SyncTests.backend()
    let syncing = try await SyncTests.Syncing(backend)
    let first = try await syncing.center.syncPointsOfInterest()
    let stored = try await syncing.pois.count()
    #expect(stored == first.upserted && stored > 0)
    backend.failNext(with: answer, on: .endpoint(.pointsOfInterest))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await syncing.center.syncPointsOfInterest(full: true)
    }
    #expect(error.code == .notOffered, "\(error)")
    #expect(try await syncing.pois.count() == stored, "nothing stored was replaced")
    #expect(try await syncing.pois.syncVersion() == first.version)
    await syncing.client.shutdown()
  }

  @Test("a declined status on the first call is not offered; any other error is itself")
  func statuses() {
    let declined = LoyaltyError(
      .serverStatus, "declined", metadata: ["endpoint": "retrieve_pois", "serverStatus": "0"])
    #expect(NotOffered.reading(declined, call: "retrieve_pois").code == .notOffered)
    for status in [400, 404, 405, 501] {
      let error = LoyaltyError(.httpStatus, "x", metadata: ["status": String(status)])
      #expect(NotOffered.reading(error, call: "retrieve_pois").code == .notOffered, "\(status)")
    }
    for status in [401, 403, 406, 500, 502, 503] {
      let error = LoyaltyError(.httpStatus, "x", metadata: ["status": String(status)])
      #expect(NotOffered.reading(error, call: "retrieve_pois").code == .httpStatus, "\(status)")
    }
    let timeout = LoyaltyError(.timedOut, "slow")
    #expect(NotOffered.reading(timeout, call: "retrieve_pois").code == .timedOut)
  }
}

/// Answers the sync's pages with `body` once it is set, everything else through the
/// sandbox.
final class CannedPageTransport: HTTPTransport {
  let inner: SandboxTransport
  let body = Locked<String?>(nil)

  init(_ backend: SandboxBackend) {
    inner = SandboxTransport(backend)
  }

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let isPage =
      request.body.map { String(decoding: $0, as: UTF8.self) }?.contains("retrieve_pois") ?? false
    guard isPage, let body = body.withLock({ $0 }) else { return try await inner.send(request) }
    return HTTPResponse(status: 200, body: Data(body.utf8))
  }
}

@Suite("Points-of-interest sync: a full sync replaces only with a list")
struct FullSyncListTests {
  @Test("a full sync answered with removals alone removes those and keeps the others")
  func removalsAlone() async throws {
    let backend = SyncTests.backend()
    let transport = CannedPageTransport(backend)
    let client = try await LoyaltyClient.start(
      SyncTests.configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: transport))
    let pois = InMemoryPointOfInterestStore()
    let center = LocationCenter(
      pointsOfInterest: pois, store: nil,
      limiter: NotificationLimiter(store: nil, clock: ManualClock(), timeZone: Town.athens),
      network: try client.network, events: nil, clock: ManualClock(), logger: .disabled)
    _ = try await center.syncPointsOfInterest()
    let stored = try await pois.count()
    let removed = try #require(backend.pointsOfInterest.first?.id)
    for version in ["", #""version": "77","#, #""version": "78", "full": true,"#] {
      transport.body.withLock {
        $0 =
          #"{"status": "1", "context": {"MAPP_SHOPS": {"#
          + version + #""removed": [\#(removed)]}, "MAPP_SHOPS-status": 1}}"#
      }
      let report = try await center.syncPointsOfInterest(full: true)
      #expect(!report.full, "\(version)")
      #expect(try await pois.count() == stored - 1, "only the removed point is gone")
      #expect(try await pois.pointOfInterest(id: removed) == nil)
    }
    await client.shutdown()
  }
}
