import Foundation
import LoyaltyCore

enum FuzzJWT {
  static func run(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    if let decoded = Base64URL.decode(text) {
      check(
        Base64URL.decode(Base64URL.encode(decoded)) == decoded,
        "base64url did not read back what it wrote")
    }
    guard let token = try? JSONWebToken(text) else { return }
    _ = token.algorithm
    _ = token.keyID
    _ = token.expiresAt
    _ = token.issuedAt
    _ = token.notBefore
    _ = token.subject
    _ = token.issuer
    _ = token.audience
    _ = token.description
    _ = token.isExpired(at: Date(timeIntervalSince1970: 1_700_000_000), leeway: 30)
    for name in token.claims.keys.prefix(64) { _ = token.date(forClaim: name) }
    for value in token.claims.values.prefix(64) { FuzzJSON.visit(value, depth: 0) }
    for value in token.header.values.prefix(64) { FuzzJSON.visit(value, depth: 0) }
  }
}
