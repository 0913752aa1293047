import Foundation
import LoyaltyCore
import Testing

@Suite("JSONWebToken")
struct JSONWebTokenTests {
  /// Builds a token from JSON texts, base64url-encoding each part.
  static func token(
    header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String,
    signature: Data = Data([1, 2, 3]),
    padded: Bool = false
  ) -> String {
    [Data(header.utf8), Data(payload.utf8), signature]
      .map { Base64URL.encode($0, padded: padded) }
      .joined(separator: ".")
  }

  static func expectMalformed(
    _ token: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> LoyaltyError? {
    do {
      _ = try JSONWebToken(token)
      Issue.record("Expected malformedJWT.", sourceLocation: sourceLocation)
    } catch let error as LoyaltyError {
      #expect(error.code == .malformedJWT, "\(error)", sourceLocation: sourceLocation)
      return error
    } catch {
      Issue.record("Expected malformedJWT, got \(error).", sourceLocation: sourceLocation)
    }
    return nil
  }

  @Test("decodes a well-known token")
  func wellKnown() throws {
    // The example token from jwt.io.
    let jwt = try JSONWebToken(
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        + ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
        + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
    #expect(jwt.algorithm == "HS256")
    #expect(jwt.header["typ"] == .string("JWT"))
    #expect(jwt.subject == "1234567890")
    #expect(jwt.claims["name"]?.stringValue == "John Doe")
    #expect(jwt.issuedAt == Date(timeIntervalSince1970: 1_516_239_022))
    #expect(jwt.expiresAt == nil)
    #expect(jwt.signature.count == 32)
  }

  @Test("decodes parts with and without padding", arguments: [false, true])
  func padding(padded: Bool) throws {
    // Payload lengths that need one and two padding characters.
    for payload in [#"{"exp":1800000000}"#, #"{"exp":1800000000,"a":1}"#, #"{"sub":"ab"}"#] {
      let token = Self.token(payload: payload, padded: padded)
      #expect(token.contains("=") == padded || Data(payload.utf8).count % 3 == 0)
      let jwt = try JSONWebToken(token)
      #expect(jwt.claims.count >= 1)
    }
  }

  @Test("reads exp, iat and nbf as numbers or numeric strings")
  func dates() throws {
    let jwt = try JSONWebToken(
      Self.token(payload: #"{"exp":1800000000,"iat":"1799996400","nbf":1799996400.5}"#))
    #expect(jwt.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(jwt.issuedAt == Date(timeIntervalSince1970: 1_799_996_400))
    #expect(jwt.notBefore == Date(timeIntervalSince1970: 1_799_996_400.5))

    let stringExp = try JSONWebToken(Self.token(payload: #"{"exp":"1800000000"}"#))
    #expect(stringExp.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
    let fractional = try JSONWebToken(Self.token(payload: #"{"exp":"1800000000.25"}"#))
    #expect(fractional.expiresAt == Date(timeIntervalSince1970: 1_800_000_000.25))
    let float = try JSONWebToken(Self.token(payload: #"{"exp":1.8e9}"#))
    #expect(float.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test("has no expiry when exp is missing or not numeric")
  func missingExpiry() throws {
    for payload in [
      #"{"sub":"user"}"#, #"{"exp":"soon"}"#, #"{"exp":null}"#, #"{"exp":true}"#,
      #"{"exp":"nan"}"#, #"{"exp":[1]}"#,
    ] {
      let jwt = try JSONWebToken(Self.token(payload: payload))
      #expect(jwt.expiresAt == nil, "\(payload)")
      #expect(!jwt.isExpired(at: Date.distantFuture))
    }
  }

  @Test("tells whether it has expired, with leeway")
  func expiry() throws {
    let jwt = try JSONWebToken(Self.token(payload: #"{"exp":1800000000}"#))
    let exp = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(!jwt.isExpired(at: exp.addingTimeInterval(-1)))
    #expect(jwt.isExpired(at: exp))
    #expect(!jwt.isExpired(at: exp.addingTimeInterval(30), leeway: 60))
    #expect(jwt.isExpired(at: exp.addingTimeInterval(60), leeway: 60))
  }

  @Test("decodes every JSON type into typed values")
  func values() throws {
    let jwt = try JSONWebToken(
      Self.token(
        payload:
          #"{"s":"x","i":42,"d":1.5,"t":true,"f":false,"n":null,"a":[1,"b"],"o":{"k":"v"},"aud":["app","web"],"iss":"loyalty"}"#
      ))
    #expect(jwt.claims["s"] == .string("x"))
    #expect(jwt.claims["i"] == .integer(42))
    #expect(jwt.claims["i"]?.doubleValue == 42)
    #expect(jwt.claims["d"] == .number(1.5))
    #expect(jwt.claims["d"]?.intValue == nil)
    #expect(jwt.claims["t"] == .bool(true))
    #expect(jwt.claims["f"]?.boolValue == false)
    #expect(jwt.claims["n"]?.isNull == true)
    #expect(jwt.claims["a"] == .array([.integer(1), .string("b")]))
    #expect(jwt.claims["o"]?.objectValue == ["k": .string("v")])
    #expect(jwt.audience == ["app", "web"])
    #expect(jwt.issuer == "loyalty")
    #expect(jwt.subject == nil)
  }

  @Test("accepts an unsecured token with an empty signature")
  func unsecured() throws {
    let jwt = try JSONWebToken(
      Self.token(header: #"{"alg":"none"}"#, payload: #"{"sub":"u"}"#, signature: Data()))
    #expect(jwt.algorithm == "none")
    #expect(jwt.signature.isEmpty)
  }

  @Test("ignores surrounding whitespace")
  func whitespace() throws {
    let jwt = try JSONWebToken("  " + Self.token(payload: #"{"sub":"u"}"#) + "\n")
    #expect(jwt.subject == "u")
  }

  @Test("rejects the empty string")
  func empty() {
    #expect(Self.expectMalformed("") != nil)
    #expect(Self.expectMalformed("   ") != nil)
  }

  @Test("rejects the wrong number of parts")
  func partCounts() {
    let valid = Self.token(payload: #"{"sub":"u"}"#)
    let parts = valid.split(separator: ".").map(String.init)
    #expect(Self.expectMalformed(parts[0])?.metadata["parts"] == "1")
    #expect(Self.expectMalformed(parts[0] + "." + parts[1])?.metadata["parts"] == "2")
    #expect(Self.expectMalformed(valid + ".extra")?.metadata["parts"] == "4")
    let jwe = Self.expectMalformed(valid + ".a.b")
    #expect(jwe?.message.contains("JWE") == true)
  }

  @Test("rejects parts that are not base64url")
  func badBase64() {
    let valid = Self.token(payload: #"{"sub":"u"}"#)
    let parts = valid.split(separator: ".").map(String.init)
    #expect(Self.expectMalformed("!!!." + parts[1] + "." + parts[2])?.metadata["part"] == "header")
    #expect(Self.expectMalformed(parts[0] + ".a+b/." + parts[2])?.metadata["part"] == "payload")
    #expect(Self.expectMalformed(parts[0] + ".abcde." + parts[2]) != nil)
    #expect(
      Self.expectMalformed(parts[0] + "." + parts[1] + ".@@")?.metadata["part"] == "signature")
    #expect(Self.expectMalformed("." + parts[1] + "." + parts[2])?.metadata["part"] == "header")
    #expect(Self.expectMalformed(parts[0] + ".." + parts[2])?.metadata["part"] == "payload")
  }

  @Test("rejects headers and payloads that are not JSON objects")
  func notObjects() {
    #expect(Self.expectMalformed(Self.token(payload: "[1,2,3]"))?.metadata["part"] == "payload")
    #expect(Self.expectMalformed(Self.token(payload: #""text""#)) != nil)
    #expect(Self.expectMalformed(Self.token(payload: "42")) != nil)
    #expect(Self.expectMalformed(Self.token(payload: "{not json")) != nil)
    #expect(
      Self.expectMalformed(Self.token(header: "[]", payload: "{}"))?.metadata["part"] == "header")
  }

  @Test("rejects deeply nested JSON without crashing")
  func deepNesting() {
    let depth = 5_000
    let payload =
      #"{"a":"# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}"
    #expect(Self.expectMalformed(Self.token(payload: payload)) != nil)
  }

  @Test("never shows the token or claim values")
  func noLeaks() throws {
    let token = Self.token(payload: #"{"sub":"user-42","email":"a@example.com"}"#)
    let jwt = try JSONWebToken(token)
    #expect(!jwt.description.contains("user-42"))
    #expect(!jwt.description.contains("example.com"))
    #expect(jwt.description.contains("email"))
    let broken = token + ".x"
    let error = Self.expectMalformed(broken)
    #expect(error?.description.contains(token) == false)
  }
}
