#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The tokens the backend issued: access tokens by id (`jti`), refresh tokens by value,
/// each in a family (one login and the refreshes that followed it).
struct TokenBook: Sendable {
  struct Access: Sendable {
    let userID: String
    let family: Int
    let expiresAt: Date
  }

  struct Refresh: Sendable {
    let userID: String
    let family: Int
    let expiresAt: Date
    let clientID: String
    let clientSecret: String
    var used: Bool
  }

  /// Access tokens still valid (not revoked), by `jti`.
  var access: [String: Access] = [:]
  /// Refresh tokens ever issued, used or not, by value.
  var refresh: [String: Refresh] = [:]
  private var nextFamily = 0
  private var nextSerial = 0

  mutating func newFamily() -> Int {
    nextFamily += 1
    return nextFamily
  }

  mutating func nextSerialNumber() -> Int {
    nextSerial += 1
    return nextSerial
  }

  /// Revokes every access and refresh token of a family.
  mutating func revoke(family: Int) {
    access = access.filter { $0.value.family != family }
    for (token, record) in refresh where record.family == family {
      refresh[token]?.used = true
    }
  }

  /// Revokes every access token; refresh tokens keep working.
  mutating func revokeAllAccess() {
    access.removeAll()
  }
}
