import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: a backend without the optional calls answers them 404")
struct OffersTests {
  private static let pois: JSONValue = ["shops": ["action": "retrieve_pois", "limit": 10]]
  private var context: String { "/api/mobile/v2/\(SandboxHarness.appUUID)/context/" }
  private var manifest: String {
    "/api/mobile/v2/\(SandboxHarness.appUUID)/directory/manifest"
  }

  /// A snapshot for the manifest to announce (its bytes are not read here).
  private static func publishSnapshot(_ backend: SandboxBackend) {
    _ = backend.publishDirectorySnapshot(Data("SQLite format 3\u{0}".utf8), schemaVersion: 1)
  }

  @Test("names parse from a comma-separated list, and print back in order")
  func names() throws {
    #expect(try SandboxOffers(names: "poi,directory,flows") == .all)
    #expect(try SandboxOffers(names: " flows , poi") == [.pointsOfInterest, .flows])
    #expect(try SandboxOffers(names: "") == [])
    #expect(SandboxOffers.all.description == "poi,directory,flows")
    let error = try #require(throws: LoyaltyError.self) { try SandboxOffers(names: "poi,coupons") }
    #expect(error.code == .invalidArgument)
    #expect(error.metadata["name"] == "coupons")
  }

  @Test("by default every optional call is offered")
  func offeredByDefault() async throws {
    let harness = SandboxHarness()
    Self.publishSnapshot(harness.backend)
    #expect(harness.backend.configuration.offers == .all)
    #expect(
      try await harness.raw(try harness.signed(.post, context, json: Self.pois)).status == 200)
    #expect(try await harness.raw(try harness.signed(.get, manifest)).status == 200)
  }

  @Test("the calls not offered are 404, counted under their call; the others are answered")
  func withheld() async throws {
    let harness = SandboxHarness { _, sandbox in
      sandbox.offers = .all.subtracting([.pointsOfInterest, .directory, .flows])
    }
    Self.publishSnapshot(harness.backend)
    let pois = try await harness.raw(try harness.signed(.post, context, json: Self.pois))
    #expect(pois.status == 404)
    #expect(pois.body?["status"] == "0")
    let manifest = try await harness.raw(try harness.signed(.get, manifest))
    #expect(manifest.status == 404)
    #expect(manifest.body?["msg"] == "This backend does not offer directoryManifest.")
    let token = try await harness.raw(try harness.signed(.post, "/v1/connect/token"))
    #expect(token.status == 404)
    #expect(harness.backend.counters.requests(to: .pointsOfInterest) == 1)
    #expect(harness.backend.counters.requests(to: .directoryManifest) == 1)
    #expect(harness.backend.counters.requests(to: .flowToken) == 1)

    let campaigns: JSONValue = ["campaigns": ["action": "retrieve", "language": "en"]]
    #expect(
      try await harness.raw(try harness.signed(.post, context, json: campaigns)).status == 200)
  }

  @Test("through the SDK, a call not offered is an httpStatus error with status 404")
  func throughTheClient() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.offers = [.directory, .flows] }
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "retrieve_pois", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      body: .json(Self.pois))
    let error = try await #require(throws: LoyaltyError.self) {
      try await harness.client.send(endpoint)
    }
    #expect(error.code == .httpStatus)
    #expect(error.metadata["status"] == "404")
  }
}
