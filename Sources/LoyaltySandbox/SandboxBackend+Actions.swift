#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SandboxBackend {
  /// Puts the data back as the fixtures drew it: the users, their coupons, cards and
  /// points, and no token, analytics event, device, idempotency key or counter; every
  /// client must log in again. The faults, the answer forms, the points of interest and
  /// the directory snapshot stay as they are.
  public func resetState() {
    let users = generator.users(catalog: catalog)
    state.withLock { state in
      var fresh = SandboxState(users: users)
      fresh.faults = state.faults
      fresh.pointsOfInterest = state.pointsOfInterest
      fresh.directory = state.directory
      state = fresh
    }
  }

  /// Revokes the access tokens of one user, as if they had all expired; their refresh
  /// tokens keep working.
  /// - Returns: How many tokens were revoked.
  @discardableResult
  public func revokeAccessTokens(userID: String) -> Int {
    state.withLock { $0.tokens.revokeAccess(userID: userID) }
  }

  /// Ends every session of one user on the server, as a logout on another device or an
  /// administrator would: their access tokens are refused with 401 and a refresh with
  /// their refresh tokens is refused too, so the SDK ends the session on its side.
  /// - Returns: How many sessions were ended.
  @discardableResult
  public func endSessions(userID: String) -> Int {
    state.withLock { $0.tokens.revokeSessions(userID: userID) }
  }

  /// Adds `points` to a user's balance (a negative number takes them away, down to 0),
  /// with an entry in their points history, as a purchase at a till would.
  /// - Returns: The user as they are now, or `nil` when there is no such user.
  @discardableResult
  public func grantPoints(_ points: Int, toUserWithID userID: String) -> SandboxUser? {
    let now = configuration.clock.now
    return state.withLock { state -> SandboxUser? in
      guard var user = state.users[userID] else { return nil }
      let granted = max(points, -user.points)
      user.points += granted
      user.pointsHistory.append(
        SandboxPointsEntry(
          uuid: state.nextIdentifier("entry_"), date: now, points: granted, type: "grant",
          description: "Granted in the emulator", balance: user.points))
      state.users[userID] = user
      return user
    }
  }
}
