import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Synchronization

/// Switching users with a coupons read in flight, and watching `market.state` meanwhile:
/// what the `crossed` invariant is checked from.
extension HostRun {
  /// What a switch lets `market.state` show besides the user of the stored session: the
  /// user before it while the call that ends that user's session (the logout, or the
  /// login as another) has not returned.
  final class SwitchPhase: Sendable {
    private let state: Mutex<(leaving: String?, over: Bool)>

    init(leaving: String?) {
      state = Mutex((leaving, false))
    }

    /// The user whose session is ending, while the call that ends it runs.
    var leaving: String? {
      state.withLock { $0.leaving }
    }

    /// Whether the switch and the read in flight are both over.
    var isOver: Bool {
      state.withLock { $0.over }
    }

    /// The call that ended the previous session returned.
    func left() {
      state.withLock { $0.leaving = nil }
    }

    func end() {
      state.withLock { $0 = (nil, true) }
    }
  }

  /// Logs out and in as one of the host's users (or, one time in two, logs in without
  /// logging out), while a coupons read asked as the first user is in flight and a
  /// watcher reads `market.state` until both are over. Each distinct set of codes the
  /// watcher saw is journaled with the users it may belong to (`snapshot`): the user of
  /// the stored session just before and just after the read, and the leaving one while
  /// the call that ends its session runs.
  func switchUser(_ client: LoyaltyClient) async throws {
    try await loggedIn(client)
    let market = try client.market
    let session = try client.network.session
    let from = user
    let to = users.randomElement(using: &generator) ?? user
    let withLogout = Bool.random(using: &generator)
    let phase = SwitchPhase(leaving: await Self.sessionUser(session))
    let inFlight = Task { _ = try? await market.coupons() }
    let watcher = Task { [journal] in
      await Self.watch(market, session: session, phase: phase, journal: journal)
    }
    try? await Task.sleep(for: .milliseconds(Int.random(in: 0...30, using: &generator)))
    defer { phase.end() }
    if withLogout {
      await session.logout()
      phase.left()
    }
    // Kept before the login: a host killed during it logs in as `to` when it restarts,
    // and one that was not logged out still holds `from`'s tokens (`loggedIn` keeps them).
    user = to
    try Data(user.utf8).write(to: userFile, options: .atomic)
    do {
      try await session.loginWithEmail(to)
    } catch {
      if !withLogout { user = from }
      throw error
    }
    phase.left()
    await inFlight.value
    phase.end()
    let samples = await watcher.value
    journal.write(
      "switch",
      [
        "from": .string(from), "to": .string(to), "logout": .bool(withLogout),
        "samples": .integer(samples),
      ])
  }

  /// The user (the token's subject) of the stored session; `nil` for none.
  private static func sessionUser(_ session: Session) async -> String? {
    guard let token = try? await session.currentToken() else { return nil }
    return (try? JSONWebToken(token.pair.accessToken))?.subject
  }

  /// Reads `market.state` until the switch is over, every millisecond or so; journals
  /// each distinct set of coupon codes (active and redeemed) with the users it may belong
  /// to. Returns how many reads it made.
  private static func watch(
    _ market: Market, session: Session, phase: SwitchPhase, journal: HostJournal
  ) async -> Int {
    var samples = 0
    var seen: Set<[String]> = []
    while !phase.isOver || samples == 0 {
      let leavingBefore = phase.leaving
      let before = await sessionUser(session)
      let active = await market.state.activeCoupons
      let redeemed = await market.state.redeemedCoupons
      let after = await sessionUser(session)
      let leavingAfter = phase.leaving
      samples += 1
      let codes = (active + redeemed).map(\.code).sorted()
      let allowed = Set([leavingBefore, before, after, leavingAfter].compactMap { $0 }).sorted()
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
    return samples
  }
}
