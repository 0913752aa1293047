import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks what every request must carry: `loyalty-web-id`, `loyalty-date` and a
/// `loyalty-signature` computed from the API key; then bearer or Basic credentials.
struct RequestValidator: Sendable {
  let configuration: SandboxConfiguration
  let issuer: TokenIssuer

  /// The 401 answer for a request whose signed headers are wrong, or `nil`.
  func checkHeaders(_ request: SandboxRequest, now: Date) -> SandboxReply? {
    guard let webID = request.headers["loyalty-web-id"] else {
      return .error(401, "The loyalty-web-id header is missing.")
    }
    guard webID == configuration.merchantID else {
      return .error(401, "The loyalty-web-id header names another merchant.")
    }
    guard let date = request.headers["loyalty-date"], let seconds = Int(date) else {
      return .error(401, "The loyalty-date header is missing or not Unix seconds.")
    }
    if let skew = configuration.maxClockSkew,
      abs(Double(seconds) - now.timeIntervalSince1970) > skew
    {
      return .error(401, "The loyalty-date header is too far from the server's clock.")
    }
    let expected =
      (try? PortableRequestSigner().signature(apiKey: configuration.apiKey, timestamp: date)) ?? ""
    guard let signature = request.headers["loyalty-signature"],
      signature.lowercased() == expected, !expected.isEmpty
    else {
      return .error(401, "The loyalty-signature header is missing or wrong.")
    }
    return nil
  }

  /// The user and token id of a valid bearer token, or the 401 answer.
  func checkBearer(_ request: SandboxRequest, tokens: TokenBook, now: Date)
    -> Result<(userID: String, tokenID: String), BearerRefusal>
  {
    guard let token = request.bearerToken, let jti = issuer.verifiedID(of: token),
      let record = tokens.access[jti], record.expiresAt > now
    else {
      return .failure(BearerRefusal())
    }
    return .success((record.userID, jti))
  }

  /// Whether the request carries the partner's Basic credentials.
  func checkBasic(_ request: SandboxRequest) -> Bool {
    guard let value = request.headers["Authorization"], value.lowercased().hasPrefix("basic "),
      let data = Data(base64Encoded: String(value.dropFirst("basic ".count))),
      let credentials = String(data: data, encoding: .utf8)
    else { return false }
    return credentials == "\(configuration.partnerUsername):\(configuration.partnerPassword)"
  }
}

/// A bearer token was missing, forged, expired or revoked.
struct BearerRefusal: Error {}
