import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Response envelope and bad input")
struct EnvelopeTests {
  @Test("the context is flattened and the status read as a number or a string")
  func flattening() throws {
    let body = #"""
      {"status": "1", "context": {"MAPP_CAMPAIGNING": {"campaigns": []},
       "MAPP_CAMPAIGNING-status": 1}, "extra": true}
      """#
    let envelope = try ResponseEnvelope(httpStatus: 200, body: Data(body.utf8))
    #expect(envelope.status == 1)
    #expect(envelope.status(ofDomain: "MAPP_CAMPAIGNING") == 1)
    #expect(envelope["MAPP_CAMPAIGNING"] == ["campaigns": []])
    #expect(envelope["extra"] == true)
    #expect(envelope["context"] == nil)
  }

  @Test(
    "the context's members win a clash, whichever side is larger",
    arguments: [
      // A larger context than top level.
      #"{"msg": "top", "status": "1", "context": {"msg": "inner", "a": 1, "b": 2, "c": 3}}"#,
      // A larger top level than context.
      #"{"msg": "top", "status": "1", "x": 1, "y": 2, "z": 3, "context": {"msg": "inner"}}"#,
    ])
  func contextWins(body: String) throws {
    let envelope = try ResponseEnvelope(httpStatus: 200, body: Data(body.utf8))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let context = try #require(object["context"] as? [String: Any])
    #expect(envelope["msg"] == "inner")
    #expect(envelope.status == 1)
    #expect(envelope["context"] == nil)
    #expect(envelope.fields.count == object.count - 1 + context.count - 1)
  }

  @Test(
    "a non-success status is a typed error carrying the server's status and message",
    arguments: [
      (#"{"status": "0", "msg": "Coupon already redeemed"}"#, StatusCheck.envelope, "0"),
      (#"{"status": 2, "message": "Try later"}"#, StatusCheck.envelope, "2"),
      (
        #"{"status": "1", "context": {"MAPP_COUPON-status": "-1", "msg": "nope"}}"#,
        .domain("MAPP_COUPON"), "-1"
      ),
      (#"{"context": {}}"#, .envelope, "missing"),
    ])
  func serverStatus(_ body: String, _ check: StatusCheck, _ status: String) async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in HTTPResponse(status: 200, body: Data(body.utf8)) })
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(
        Endpoint<ResponseEnvelope>(name: "redeem", method: .post, path: "/x", check: check))
    }
    #expect(error.code == .serverStatus)
    #expect(error.metadata["serverStatus"] == status)
    #expect(error.metadata["endpoint"] == "redeem")
    // The message says which: no status at all, or the one the server sent.
    if status == "missing" {
      #expect(error.message == "The response has no status.")
    } else {
      #expect(error.message.hasPrefix("The server answered with status \(status)"))
    }
  }

  @Test(
    "a token answer may leave the status out; one it sends must be 1",
    arguments: [
      (#"{"access_token": "a"}"#, nil),
      (#"{"status": 1, "access_token": "a"}"#, nil),
      (#"{"status": "0", "access_token": "a"}"#, "0"),
      (#"{"context": {"status": 2}}"#, "2"),
    ] as [(String, String?)])
  func statusIfPresent(_ body: String, _ refused: String?) async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in HTTPResponse(status: 200, body: Data(body.utf8)) })
    let (client, _) = NetworkFixtures.client(backend: backend)
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "token", method: .post, path: "/x", check: .envelopeIfPresent)
    do {
      let envelope = try await client.send(endpoint)
      #expect(refused == nil, "accepted an answer with status \(envelope.status ?? -1)")
    } catch let error as LoyaltyError {
      #expect(error.code == .serverStatus)
      #expect(error.metadata["serverStatus"] == refused)
    }
  }

  @Test(
    "malformed bodies are typed errors, never crashes",
    arguments: [
      ("{\"status\": \"1\", ", LoyaltyError.Code.invalidResponse),
      ("<html>Bad gateway</html>", .invalidResponse),
      ("[1, 2]", .invalidResponse),
      ("", .emptyResponse),
      ("\"just a string\"", .invalidResponse),
    ])
  func malformedBodies(_ body: String, _ code: LoyaltyError.Code) async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in HTTPResponse(status: 200, body: Data(body.utf8)) })
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Endpoint<ResponseEnvelope>(name: "x", method: .get, path: "/x"))
    }
    #expect(error.code == code)
  }

  @Test("Decodable results name the field path that does not fit")
  func decodingErrors() async throws {
    struct Profile: Decodable, Sendable {
      let name: String
      let points: Int
    }
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on(
      "",
      { _, _ in
        ScriptedBackend.ok(["consumer": ["name": "Maria", "points": "many"]])
      })
    let (client, _) = NetworkFixtures.client(backend: backend)
    let endpoint = Endpoint<Profile>(name: "profile", method: .get, path: "/p", field: "consumer")
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(endpoint)
    }
    #expect(error.code == .decodingFailed)
    #expect(error.message.contains("points"))

    let missing = Endpoint<Profile>(name: "profile", method: .get, path: "/p", field: "absent")
    let absent = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(missing)
    }
    #expect(absent.code == .missingField)
  }

  @Test("lenient JSON accessors accept what servers send")
  func lenientValues() {
    let value: JSONValue = ["a": "12", "b": 3.0, "c": "true", "d": 1, "e": "x"]
    #expect(value["a"]?.looseInt == 12)
    #expect(value["b"]?.looseInt == 3)
    #expect(value["b"]?.looseString == "3")
    #expect(value["c"]?.looseBool == true)
    #expect(value["d"]?.looseBool == true)
    #expect(value["e"]?.looseInt == nil)
    #expect(value["missing"] == nil)
  }
}

@Suite("SessionToken")
struct SessionTokenTests {
  static func jwt(_ claims: String) -> String {
    Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "."
      + Base64URL.encode(Data(claims.utf8)) + ".sig"
  }

  @Test("reads exp and answers expired, should-refresh, valid, can-refresh")
  func lifetime() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let token = SessionToken(
      TokenPair(accessToken: Self.jwt(#"{"exp": 1800000200}"#), refreshToken: "r"))
    #expect(token.expiresAt == Date(timeIntervalSince1970: 1_800_000_200))
    #expect(!token.isExpired(at: now))
    #expect(token.shouldRefresh(at: now, threshold: 300))
    #expect(!token.shouldRefresh(at: now, threshold: 100))
    #expect(token.isValid(at: now))
    #expect(token.canRefresh)
    #expect(token.isExpired(at: now.addingTimeInterval(200)))
  }

  @Test("a JWT without exp, a non-JWT and an empty token are handled")
  func oddTokens() {
    let now = Date()
    let noExpiry = SessionToken(
      TokenPair(accessToken: Self.jwt(#"{"sub": "u"}"#), refreshToken: ""))
    #expect(noExpiry.expiresAt == nil)
    #expect(!noExpiry.shouldRefresh(at: now, threshold: 300))
    #expect(noExpiry.isValid(at: now))
    #expect(!noExpiry.canRefresh)
    let opaque = SessionToken(TokenPair(accessToken: "opaque-token", refreshToken: "r"))
    #expect(opaque.expiresAt == nil)
    let empty = SessionToken(TokenPair(accessToken: "", refreshToken: ""))
    #expect(!empty.isValid(at: now))
    #expect(!"\(empty)".contains("opaque"))
  }
}
