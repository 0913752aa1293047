import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// At most one refresh per token, whatever the device's wall clock says: behind or ahead by
/// a second, an hour, two hours or two days, set while the app runs or between launches,
/// on a host clock whose monotonic time holds and on one whose monotonic time reads its
/// wall clock; with tokens of 6 s, 60 s and an hour and the refresh window at 1 s and 60 s.
///
/// A storm refreshes on every call, so each token serves one call before it is replaced.
/// Each token a refresh brought must serve at least ``leastUses`` calls (a twelfth of its
/// life apart) before it is replaced, but for the one a clock jump makes look expired or
/// issued later: one per jump. (The login's token is judged on the device's clock until the
/// first answer, and a short-lived one is refreshed at once; it is not counted.)
@Suite("At most one refresh per token, whatever the device's clock")
struct WrongDeviceClockTests {
  /// A device clock off the server's by `skew` seconds from call ``jumpCall`` on.
  struct Scenario: Sendable, CustomTestStringConvertible {
    let skew: TimeInterval
    /// Set while the client runs; otherwise between two launches.
    let whileRunning: Bool
    /// The host clock's monotonic time reads its wall clock.
    let readsWallAsMonotonic: Bool

    /// Tokens a jump may cut short: one for a launch on a clock that is off (its stored
    /// token is judged on the device's clock until the first answer), and one for a
    /// monotonic time that jumps forward with the wall clock (time seems to pass).
    var shortTokensAllowed: Int {
      !whileRunning || (readsWallAsMonotonic && skew > 0) ? 1 : 0
    }

    var testDescription: String {
      "\(skew > 0 ? "+" : "")\(Int(skew)) s \(whileRunning ? "while running" : "at launch")"
        + (readsWallAsMonotonic ? ", monotonic reads the wall clock" : "")
    }

    static let all: [Scenario] = [1, 3_600, 7_200, 172_800].flatMap { size in
      [-size, size].flatMap { skew in
        [true, false].flatMap { whileRunning in
          [false, true].map {
            Scenario(skew: skew, whileRunning: whileRunning, readsWallAsMonotonic: $0)
          }
        }
      }
    }
  }

  /// The server's tokens and the client's refresh window.
  struct Tokens: Sendable, CustomTestStringConvertible {
    let lifetime: TimeInterval
    let threshold: TimeInterval

    var testDescription: String { "\(Int(lifetime)) s tokens, \(Int(threshold)) s window" }

    static let all: [Tokens] = [6, 60, 3_600].flatMap { lifetime in
      [1, 60].map { Tokens(lifetime: lifetime, threshold: $0) }
    }
  }

  /// The server's time at the first call: half a second into a second, as real clocks are
  /// on average (a token's `iat` and a `Date` header both round it down).
  static let serverStart = Date(timeIntervalSince1970: 1_800_000_000.5)
  /// The calls of a run, a twelfth of a token's life apart: two and a half lifetimes.
  static let calls = 30
  /// The call before which the device's clock is set: past a lifetime and a third, so the
  /// token it finds is one a refresh brought.
  static let jumpCall = 16
  /// The least calls a token serves before a refresh replaces it: more than half of the
  /// twelve its life spans (a storm serves one; a token cut short by a jump, a few).
  static let leastUses = 7

  static func client(
    _ server: SkewedServer, store: InMemoryTokenStore, device: SettableClock,
    threshold: TimeInterval
  ) -> NetworkClient {
    NetworkClient(
      configuration: NetworkFixtures.configuration { $0.token.refreshThreshold = threshold },
      transport: server, tokenStore: store, signer: PortableRequestSigner(), clock: device,
      device: NetworkFixtures.device, events: nil, logger: .disabled)
  }

  @Test(
    "each token serves its life, none is sent expired, no call fails",
    arguments: Scenario.all, Tokens.all)
  func refreshesOncePerToken(scenario: Scenario, tokens: Tokens) async throws {
    let step = tokens.lifetime / 12
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), lifetime: tokens.lifetime, sendsDate: true,
      issuesIAT: true)
    let store = InMemoryTokenStore()
    var device = SettableClock(
      server.time.now, readingWallAsMonotonic: scenario.readsWallAsMonotonic)
    var client = Self.client(server, store: store, device: device, threshold: tokens.threshold)
    try await client.session.login(with: server.issue())
    var failures: [String] = []
    for call in 0..<Self.calls {
      if call == Self.jumpCall {
        let skewed = server.time.now.addingTimeInterval(scenario.skew)
        if scenario.whileRunning {
          device.set(skewed)
        } else {
          // A launch: a new client on the stored tokens, its clock set while it was away.
          device = SettableClock(skewed, readingWallAsMonotonic: scenario.readsWallAsMonotonic)
          client = Self.client(server, store: store, device: device, threshold: tokens.threshold)
        }
      }
      do {
        _ = try await client.send(ServerClockTests.ping)
      } catch {
        failures.append("call \(call): \(error)")
      }
      server.time.advance(by: step)
      device.advance(by: step)
    }
    let uses = server.usesPerToken
    let short = uses.dropFirst().dropLast().filter { $0 < Self.leastUses }.count
    #expect(failures.isEmpty, "\(failures)")
    #expect(server.unauthorized == 0, "\(server.unauthorized) calls sent an expired token")
    #expect(
      short <= scenario.shortTokensAllowed,
      "\(server.refreshes) refreshes; calls per token: \(uses)")
  }

  @Test(
    "1,000 concurrent calls across a clock set back 2 h: one refresh, all with the new token",
    arguments: [false, true])
  func thousandCallsAcrossTheJump(readsWallAsMonotonic: Bool) async throws {
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), lifetime: 6, sendsDate: true, issuesIAT: true)
    let device = SettableClock(server.time.now, readingWallAsMonotonic: readsWallAsMonotonic)
    let client = Self.client(server, store: InMemoryTokenStore(), device: device, threshold: 1)
    try await client.session.login(with: server.issue())
    _ = try await client.send(ServerClockTests.ping)
    // Three seconds on, the token has less than the send margin left: the calls need
    // one refresh, and the clock is set back while they wait for it.
    server.time.advance(by: 3)
    device.advance(by: 3)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        if index == 500 {
          device.set(device.now.addingTimeInterval(-7_200))
        }
        group.addTask { _ = try await client.send(ServerClockTests.ping) }
      }
      try await group.waitForAll()
    }
    #expect(server.refreshes == 1)
    #expect(server.unauthorized == 0)
    #expect(server.usesPerToken == [1, 1_000])
  }
}
