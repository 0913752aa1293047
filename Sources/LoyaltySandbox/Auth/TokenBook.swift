#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The tokens the backend issued: access tokens by id (`jti`), refresh tokens by value,
/// each in a family (one login and the refreshes that followed it).
///
/// Each book keeps the most recent tokens issued, at a limit the caller gives
/// (``SandboxConfiguration/maxIssuedTokens``): beyond it the oldest token is forgotten,
/// and counted. A forgotten access token is refused with 401 like an unknown one; a
/// forgotten refresh token is refused as unknown, and its reuse is no longer detected.
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

  /// Access tokens still valid (not revoked), by `jti`: the most recent issued.
  private(set) var access: [String: Access] = [:]
  /// Refresh tokens issued, used or not, by value: the most recent issued.
  var refresh: [String: Refresh] = [:]
  /// Tokens forgotten to keep each book within its limit, over the book's life.
  private(set) var forgotten = 0
  private var accessOrder = InsertionOrder()
  private var refreshOrder = InsertionOrder()
  private var nextFamily = 0
  private var nextSerial = 0

  /// Records an access token, forgetting the oldest beyond `limit`.
  mutating func add(access record: Access, id: String, keepingAtMost limit: Int) {
    if access.updateValue(record, forKey: id) == nil {
      accessOrder.append(id)
    }
    while access.count > max(1, limit), let oldest = accessOrder.removeOldest() {
      if access.removeValue(forKey: oldest) != nil {
        forgotten += 1
      }
    }
    let live = access
    accessOrder.compact(liveCount: live.count) { live[$0] != nil }
  }

  /// Records a refresh token, forgetting the oldest beyond `limit`.
  mutating func add(refresh record: Refresh, token: String, keepingAtMost limit: Int) {
    if refresh.updateValue(record, forKey: token) == nil {
      refreshOrder.append(token)
    }
    while refresh.count > max(1, limit), let oldest = refreshOrder.removeOldest() {
      if refresh.removeValue(forKey: oldest) != nil {
        forgotten += 1
      }
    }
  }

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

  /// Revokes every session of one user: their access tokens, and their refresh tokens
  /// as used (a refresh with one is then refused).
  /// - Returns: How many sessions (families) were ended.
  mutating func revokeSessions(userID: String) -> Int {
    var families = Set(access.values.filter { $0.userID == userID }.map(\.family))
    for record in refresh.values where record.userID == userID && !record.used {
      families.insert(record.family)
    }
    for family in families {
      revoke(family: family)
    }
    return families.count
  }

  /// Revokes every access token of one user.
  /// - Returns: How many were revoked.
  mutating func revokeAccess(userID: String) -> Int {
    let before = access.count
    access = access.filter { $0.value.userID != userID }
    return before - access.count
  }
}
