import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// A cached answer revalidated: a GET sends its validators and a 304 gives its body back;
/// no other method sends them (RFC 9110, 13.1.1).
@Suite("Revalidating a cached answer")
struct RevalidationTests {
  static let cached = HTTPResponse(
    status: 200,
    headers: ["ETag": #""v1""#, "Last-Modified": "Sun, 29 Nov 2026 10:00:00 GMT"],
    body: Data(#"{"status":"1","result":{"name":"cached"}}"#.utf8))

  /// The request sent and what the exchange gave, for an answer of `status`.
  static func exchange(
    _ method: HTTPMethod, answering status: Int
  ) async throws -> (HTTPRequest, Exchanged<ResponseEnvelope>) {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)
    let transport = InMemoryHTTPTransport { _ in
      HTTPResponse(
        status: status, body: status == 304 ? Data() : Data(#"{"status":"1"}"#.utf8))
    }
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: transport)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    let endpoint = Endpoint<ResponseEnvelope>(name: "item", method: method, path: "/item")
    let exchanged = try await client.network.exchange(endpoint, revalidating: Self.cached)
    await client.shutdown()
    return (try #require(transport.requests.first), exchanged)
  }

  @Test("a GET sends the cached answer's validators, and a 304 gives its body back")
  func getRevalidates() async throws {
    let (request, exchanged) = try await Self.exchange(.get, answering: 304)
    #expect(request.headers["If-None-Match"] == #""v1""#)
    #expect(request.headers["If-Modified-Since"] == "Sun, 29 Nov 2026 10:00:00 GMT")
    #expect(exchanged.isNotModified)
    #expect(exchanged.response.status == 200)
    #expect(exchanged.response.body == Self.cached.body)
  }

  @Test("a GET answered 200 gives the new body")
  func getAnsweredAnew() async throws {
    let (_, exchanged) = try await Self.exchange(.get, answering: 200)
    #expect(!exchanged.isNotModified)
    #expect(exchanged.response.body == Data(#"{"status":"1"}"#.utf8))
  }

  @Test("a POST sends no validators")
  func postDoesNotRevalidate() async throws {
    let (request, exchanged) = try await Self.exchange(.post, answering: 200)
    #expect(request.headers["If-None-Match"] == nil)
    #expect(request.headers["If-Modified-Since"] == nil)
    #expect(!exchanged.isNotModified)
  }
}
