#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A decoded JSON Web Token (RFC 7519): its header and claims, for reading `exp` and
/// friends on the client.
///
/// ```swift
/// let token = try JSONWebToken(accessToken)
/// if let expiry = token.expiresAt, expiry.timeIntervalSince(clock.now) < 60 {
///   // refresh proactively
/// }
/// ```
///
/// - Important: Decoding does **not** verify the signature. The claims are whatever the
///   token says; use them for scheduling (when to refresh), never to decide what a user
///   may do. Only the server that issued the token can trust it.
///
/// Only compact JWS tokens (three base64url parts) are decoded; an encrypted token (JWE,
/// five parts) is rejected. Parts may be padded or not. The token itself is not kept,
/// and ``description`` names the claims without their values, so a decoded token never
/// leaks into logs.
public struct JSONWebToken: Sendable, Hashable, CustomStringConvertible {
  /// The header (`alg`, `typ`, `kid`, ...).
  public let header: [String: Value]
  /// The claims (`exp`, `iat`, `sub`, ...).
  public let claims: [String: Value]
  /// The raw signature bytes, unverified; empty for an unsecured token.
  public let signature: Data

  /// Decodes a compact JWT; surrounding whitespace is ignored.
  /// - Parameter token: `header.payload.signature`, each part base64url.
  /// - Throws: ``LoyaltyError/Code/malformedJWT`` when the token does not have three
  ///   parts, a part is not base64url, or the header or payload is not a JSON object.
  ///   The message never contains the token.
  public init(_ token: String) throws {
    let trimmed = token.trimmingWhitespacesAndNewlines()
    guard !trimmed.isEmpty else {
      throw Self.malformed("The token is empty.")
    }
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      if parts.count == 5 {
        throw Self.malformed(
          "The token has 5 parts: it is an encrypted JWT (JWE), which cannot be read here.",
          parts: 5)
      }
      throw Self.malformed(
        "The token has \(parts.count) part\(parts.count == 1 ? "" : "s"); a JWT has 3 "
          + "(header.payload.signature).", parts: parts.count)
    }
    header = try Self.decodeObject(parts[0], part: "header")
    claims = try Self.decodeObject(parts[1], part: "payload")
    guard let signature = Base64URL.decode(parts[2]) else {
      throw Self.malformed("The signature is not valid base64url.", part: "signature")
    }
    self.signature = signature
  }

  /// The signing algorithm the header names (`alg`): `HS256`, `RS256`, `none`...
  public var algorithm: String? { header["alg"]?.stringValue }

  /// The key identifier the header names (`kid`).
  public var keyID: String? { header["kid"]?.stringValue }

  /// When the token expires (`exp`), if it says.
  public var expiresAt: Date? { date(forClaim: "exp") }

  /// When the token was issued (`iat`), if it says.
  public var issuedAt: Date? { date(forClaim: "iat") }

  /// When the token becomes valid (`nbf`), if it says.
  public var notBefore: Date? { date(forClaim: "nbf") }

  /// The subject (`sub`): usually the user's id.
  public var subject: String? { claims["sub"]?.stringValue }

  /// The issuer (`iss`).
  public var issuer: String? { claims["iss"]?.stringValue }

  /// The audience (`aud`), a single string or an array of strings.
  public var audience: [String] {
    switch claims["aud"] {
    case .string(let value): [value]
    case .array(let values): values.compactMap(\.stringValue)
    default: []
    }
  }

  /// Whether the token has expired at `date`, allowing `leeway` seconds of clock skew.
  ///
  /// A token without a readable `exp` never expires by this test.
  /// - Parameters:
  ///   - date: The time to test, usually the client clock's `now`.
  ///   - leeway: Seconds the token is still accepted after `exp`.
  public func isExpired(at date: Date, leeway: TimeInterval = 0) -> Bool {
    guard let expiresAt else { return false }
    return date >= expiresAt.addingTimeInterval(max(0, leeway))
  }

  /// A date claim in seconds since 1970: a JSON number, or a string holding one.
  /// - Returns: `nil` when the claim is missing, not numeric, or not finite.
  public func date(forClaim name: String) -> Date? {
    let seconds: Double?
    switch claims[name] {
    case .integer(let value): seconds = Double(value)
    case .number(let value): seconds = value
    case .string(let value):
      seconds = Double(value.trimmingWhitespaces())
    default: seconds = nil
    }
    guard let seconds, seconds.isFinite else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// The algorithm and the claim names, never their values.
  public var description: String {
    "JSONWebToken(alg: \(algorithm ?? "?"), claims: \(claims.keys.stablySorted().joined(separator: ", ")))"
  }

  private static func decodeObject(_ part: Substring, part name: String) throws -> [String: Value] {
    guard !part.isEmpty else {
      throw malformed("The \(name) is empty.", part: name)
    }
    guard let data = Base64URL.decode(part) else {
      throw malformed("The \(name) is not valid base64url.", part: name)
    }
    let value: Value
    do {
      value = try Value(parsing: data)
    } catch {
      throw malformed("The \(name) is not valid JSON.", part: name)
    }
    guard case .object(let object) = value else {
      throw malformed("The \(name) is JSON but not an object.", part: name)
    }
    return object
  }

  private static func malformed(
    _ message: String, part: String? = nil, parts: Int? = nil
  ) -> LoyaltyError {
    var metadata: [String: String] = [:]
    if let part { metadata["part"] = part }
    if let parts { metadata["parts"] = String(parts) }
    return LoyaltyError(
      .malformedJWT, message,
      recoverySuggestion: "Pass the token exactly as the server issued it, without a "
        + "'Bearer ' prefix.",
      metadata: metadata)
  }
}
