import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Switching users with a coupons read in flight, and watching `market.state` meanwhile:
/// what the `crossed` invariant is checked from.
extension HostRun {
  /// Whether a switch and its read in flight are both over: the watcher stops then.
  final class SwitchPhase: Sendable {
    private let over = Mutex(false)

    /// Whether the switch and the read in flight are both over.
    var isOver: Bool {
      over.withLock { $0 }
    }

    func end() {
      over.withLock { $0 = true }
    }
  }

  /// How the first user's session ends in a switch.
  enum SwitchEnd: String, CaseIterable {
    /// The host logs out, then in as the next user.
    case logout
    /// The host logs in as the next user without logging out.
    case login
    /// The server ends the session (as a logout on another device would: the emulator's
    /// `end-sessions` action); a coupons read then finds its token and its refresh
    /// refused, and that read is the call that ends the session on the device. Then the
    /// host logs in as the next user.
    case server
  }

  /// Switches to one of the host's users (by a logout, by a login as another without one,
  /// or by the server ending the session), while a coupons read asked as the first user
  /// is in flight and a watcher reads `market.state` until both are over. Each distinct
  /// set of codes the watcher saw is journaled with the users it may belong to
  /// (`snapshot`): the user of the stored session just before and just after the read,
  /// and no other. (The SDK empties the state before it changes the stored tokens, so
  /// not even the call that ends a session gives the user leaving any slack.)
  func switchUser(_ client: LoyaltyClient) async throws {
    try await loggedIn(client)
    let market = try client.market
    let session = try client.network.session
    let from = user
    let to = users.randomElement(using: &generator) ?? user
    let end = SwitchEnd.allCases.randomElement(using: &generator) ?? .logout
    let phase = SwitchPhase()
    let inFlight = Task { _ = try? await market.coupons() }
    let watcher = Task { [journal] in
      await Self.watch(market, session: session, phase: phase, journal: journal)
    }
    try? await Task.sleep(for: .milliseconds(Int.random(in: 0...30, using: &generator)))
    defer { phase.end() }
    var endedOnDevice = false
    switch end {
    case .logout:
      await session.logout()
    case .server:
      try await endSessionsOnServer(of: from)
      // From the network, so that its token (and then its refresh) is refused.
      _ = try? await market.coupons(policy: .networkOnly)
      await inFlight.value
      // When the SDK ended the session, the watcher reads the state with nobody logged in
      // for a while. When it did not (a fault on the refresh), the login as the next user
      // is what ends it, as in a switch without a logout.
      if await Self.sessionUser(session) == .user(nil) {
        endedOnDevice = true
        try? await Task.sleep(for: .milliseconds(20))
      }
    case .login:
      break
    }
    // Kept before the login: a host killed during it logs in as `to` when it restarts,
    // and one that was not logged out still holds `from`'s tokens (`loggedIn` keeps them).
    user = to
    try Data(user.utf8).write(to: userFile, options: .atomic)
    do {
      try await session.loginWithEmail(to)
    } catch {
      // Still `from`'s session unless the logout or the SDK ended it: the host is `from`.
      if end != .logout && !endedOnDevice { user = from }
      throw error
    }
    await inFlight.value
    phase.end()
    let (samples, unjudged) = await watcher.value
    journal.write(
      "switch",
      [
        "from": .string(from), "to": .string(to), "end": .string(end.rawValue),
        "endedOnDevice": .bool(endedOnDevice),
        "samples": .integer(samples), "unjudged": .integer(unjudged),
      ])
  }

  /// Ends every session of `email` on the server, through the emulator's console API.
  private func endSessionsOnServer(of email: String) async throws {
    var request = URLRequest(
      url: baseURL.appendingPathComponent("_emulator/api/actions/end-sessions"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONEncoder().encode(["user": email])
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw HostError("the emulator did not end the sessions of \(email)")
    }
  }

  /// Whom the stored session belongs to, as a sample of the watcher reads it.
  enum SessionRead: Equatable {
    /// The token's subject; `nil` for no session.
    case user(String?)
    /// The token store could not be read (a full disk, say): the sample is not judged,
    /// since "no session" would blame a crossing on it.
    case unreadable

    var user: String? {
      if case .user(let user) = self { return user }
      return nil
    }
  }

  /// Whom the stored session belongs to.
  private static func sessionUser(_ session: Session) async -> SessionRead {
    do {
      guard let token = try await session.currentToken() else { return .user(nil) }
      return .user((try? JSONWebToken(token.pair.accessToken))?.subject)
    } catch {
      return .unreadable
    }
  }

  /// Reads `market.state` until the switch is over, every millisecond or so; journals
  /// each distinct set of coupon codes (active and redeemed) with the users it may belong
  /// to. Returns how many reads it made, and how many of them were not judged (the
  /// session could not be read around them).
  private static func watch(
    _ market: Market, session: Session, phase: SwitchPhase, journal: HostJournal
  ) async -> (samples: Int, unjudged: Int) {
    var samples = 0
    var unjudged = 0
    var seen: Set<[String]> = []
    while !phase.isOver || samples == 0 {
      let before = await sessionUser(session)
      let active = await market.state.activeCoupons
      let redeemed = await market.state.redeemedCoupons
      let after = await sessionUser(session)
      samples += 1
      guard before != .unreadable, after != .unreadable else {
        unjudged += 1
        try? await Task.sleep(for: .milliseconds(1))
        continue
      }
      let codes = (active + redeemed).map(\.code).sorted()
      let allowed = Set([before.user, after.user].compactMap { $0 }).sorted()
      let key = [allowed.joined(separator: ",")] + codes
      if !codes.isEmpty, seen.insert(key).inserted {
        journal.write(
          "snapshot",
          [
            "allowed": .array(allowed.map(JSONValue.string)),
            "codes": .array(codes.map(JSONValue.string)),
          ])
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return (samples, unjudged)
  }
}
