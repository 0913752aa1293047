import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Mints and checks the backend's access tokens: JWTs shaped like HS256 tokens, with
/// `sub`, `iat`, `exp`, `jti` and `iss` claims, signed with a secret of this backend.
///
/// The signature is the SHA-256 of the secret and the signing input (Core's portable
/// SHA-256), so a token from another sandbox, or an edited one, is refused.
struct TokenIssuer: Sendable {
  let secret: String

  static let issuer = "loyalty-sandbox"

  /// A new random secret.
  static func randomSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(generator.next(), radix: 16) }.joined()
  }

  func mint(userID: String, jti: String, issuedAt: Date, expiresAt: Date) -> String {
    let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    let claims: JSONValue = [
      "sub": .string(userID),
      "iat": .integer(Int(saturating: issuedAt.timeIntervalSince1970)),
      "exp": .integer(Int(saturating: expiresAt.timeIntervalSince1970)),
      "jti": .string(jti),
      "iss": .string(Self.issuer),
    ]
    let payload = Base64URL.encode((try? claims.jsonData()) ?? Data())
    let input = "\(header).\(payload)"
    return "\(input).\(signature(input))"
  }

  /// The `jti` of a token whose signature is this backend's, or `nil`.
  func verifiedID(of token: String) -> String? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    let input = "\(parts[0]).\(parts[1])"
    guard signature(input) == parts[2], let decoded = try? JSONWebToken(token),
      decoded.issuer == Self.issuer
    else { return nil }
    return decoded.claims["jti"]?.stringValue
  }

  private func signature(_ input: String) -> String {
    let hex = (try? PortableRequestSigner().signature(apiKey: secret + ".", timestamp: input)) ?? ""
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.count / 2)
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) ?? hex.endIndex
      bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return Base64URL.encode(Data(bytes))
  }
}
