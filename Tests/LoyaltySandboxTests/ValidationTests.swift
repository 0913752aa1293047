import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: requests are checked like a server would")
struct ValidationTests {
  let harness = SandboxHarness()
  var context: String { "/api/mobile/v2/\(SandboxHarness.appUUID)/context/" }
  let campaigns: JSONValue = ["campaigns": ["action": "retrieve", "language": "en"]]

  @Test("a correctly signed request passes")
  func signed() async throws {
    let (status, body) = try await harness.raw(try harness.signed(.post, context, json: campaigns))
    #expect(status == 200)
    #expect(body?["status"] == "1")
  }

  @Test("a wrong signature, a missing date or another merchant's web id is 401")
  func signedHeaders() async throws {
    var badSignature = try harness.signed(.post, context, json: campaigns)
    badSignature.headers["loyalty-signature"] = String(repeating: "0", count: 64)
    let signature = try await harness.raw(badSignature)
    #expect(signature.status == 401)
    #expect(signature.body?["status"] == "0")
    #expect(signature.body?["msg"]?.stringValue?.contains("signature") == true)

    var noDate = try harness.signed(.post, context, json: campaigns)
    noDate.headers["loyalty-date"] = nil
    #expect(try await harness.raw(noDate).status == 401)

    var otherMerchant = try harness.signed(.post, context, json: campaigns)
    otherMerchant.headers["loyalty-web-id"] = "merchant-8"
    let webID = try await harness.raw(otherMerchant)
    #expect(webID.status == 401)
    #expect(webID.body?["msg"]?.stringValue?.contains("web-id") == true)
  }

  @Test("a client with another API key is refused through the SDK too")
  func wrongKey() async throws {
    let harness = SandboxHarness { client, _ in client.apiKey = "another-key" }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.campaigns())
    }
    #expect(error.code == .httpStatus)
    #expect(error.metadata["status"] == "401")
  }

  @Test("a missing wrapper key, an unknown action or the wrong context is 400")
  func bodies() async throws {
    let noWrapper = try await harness.raw(
      try harness.signed(.post, context, json: ["action": "retrieve"]))
    #expect(noWrapper.status == 400)
    #expect(noWrapper.body?["status"] == "0")

    let unknownAction = try await harness.raw(
      try harness.signed(.post, context, json: ["campaigns": ["action": "fetch"]]))
    #expect(unknownAction.status == 400)

    let noAction = try await harness.raw(
      try harness.signed(.post, context, json: ["campaigns": ["language": "en"]]))
    #expect(noAction.status == 400)

    let wrongContext = try await harness.raw(
      try harness.signed(.post, context, json: ["coupon": ["action": "user_coupons"]]))
    #expect(wrongContext.status == 400)
    #expect(wrongContext.body?["msg"]?.stringValue?.contains("authenticated") == true)

    var notJSON = try harness.signed(.post, context)
    notJSON.body = Data("campaigns=retrieve".utf8)
    #expect(try await harness.raw(notJSON).status == 400)
  }

  @Test("a forged, missing or foreign bearer token is 401")
  func bearer() async throws {
    let path = "/oauth/\(SandboxHarness.appUUID)/context"
    let body: JSONValue = ["cards": ["action": "get_cards"]]
    #expect(try await harness.raw(try harness.signed(.post, path, json: body)).status == 401)

    let pair = try #require(harness.backend.issueTokens(email: "user1@sandbox.test"))
    let parts = pair.accessToken.split(separator: ".")
    let forgedClaims = Base64URL.encode(
      Data(#"{"sub":"someone-else","exp":9999999999,"jti":"at-1","iss":"loyalty-sandbox"}"#.utf8))
    let forged = "\(parts[0]).\(forgedClaims).\(parts[2])"
    let forgedRequest = try harness.signed(
      .post, path, json: body, headers: ["Authorization": "Bearer \(forged)"])
    #expect(try await harness.raw(forgedRequest).status == 401)

    let other = SandboxHarness()
    let foreign = try #require(other.backend.issueTokens(email: "user1@sandbox.test"))
    let foreignRequest = try harness.signed(
      .post, path, json: body, headers: ["Authorization": "Bearer \(foreign.accessToken)"])
    #expect(try await harness.raw(foreignRequest).status == 401)

    let valid = try harness.signed(
      .post, path, json: body, headers: ["Authorization": "Bearer \(pair.accessToken)"])
    #expect(try await harness.raw(valid).status == 200)
    #expect(harness.backend.counters.unauthorized == 3)
  }

  @Test("unknown paths and apps are 404, a wrong method 405")
  func routing() async throws {
    #expect(try await harness.raw(try harness.signed(.post, "/api/nothing")).status == 404)
    let otherApp = "/api/mobile/v2/ffffffffffffffffffffffffffffffff/context/"
    #expect(
      try await harness.raw(try harness.signed(.post, otherApp, json: campaigns)).status == 404)
    #expect(try await harness.raw(try harness.signed(.get, context)).status == 405)
    #expect(harness.backend.counters.requests(to: .unrouted) == 3)
  }

  @Test("a date too far from the server's clock is refused when skew is checked")
  func skew() async throws {
    let strict = SandboxHarness { _, sandbox in sandbox.maxClockSkew = 300 }
    #expect(try await strict.raw(try strict.signed(.post, context, json: campaigns)).status == 200)
    var stale = try strict.signed(.post, context, json: campaigns)
    let date = String(Int(strict.clock.now.timeIntervalSince1970) - 3_600)
    stale.headers["loyalty-date"] = date
    stale.headers["loyalty-signature"] = try PortableRequestSigner().signature(
      apiKey: "test-api-key-0001", timestamp: date)
    #expect(try await strict.raw(stale).status == 401)
  }
}
