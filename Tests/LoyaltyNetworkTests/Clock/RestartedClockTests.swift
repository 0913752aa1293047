import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// A client launched with tokens an earlier launch stored, on a device clock set back
/// while the app was not running: before any answer tells the server's time, the stored
/// token's `iat` is the one sign that the clock is behind.
@Suite("Stored tokens after a launch on a clock set back")
struct RestartedClockTests {
  static let serverStart = Date(timeIntervalSince1970: 1_800_000_000)

  /// A token issued at `iat` that expires at `exp` (seconds since 1970).
  static func pair(iat: TimeInterval, exp: TimeInterval) -> TokenPair {
    ServerClockBoundTests.pair(exp: exp, iat: iat)
  }

  /// A coordinator holding `pair` on a server clock with no sample yet (a launch), the
  /// device's clock at `now`; its refresher answers `outcome`, tried once (the manual
  /// clock's sleeps wait for a test to move it).
  static func coordinator(
    _ pair: TokenPair, now: TimeInterval, outcome: RefreshOutcome
  ) -> RefreshCoordinator {
    let device = ManualClock(start: Date(timeIntervalSince1970: now))
    return RefreshCoordinator(
      store: InMemoryTokenStore(pair), clock: device,
      serverClock: ServerClock(device: device),
      configuration: TokenConfiguration(maxRetryAttempts: 1, refreshThreshold: 300), events: nil,
      logger: .disabled, refresher: { _ in outcome })
  }

  @Test(
    "a client launched with its clock set back refreshes before its first call: no 401",
    arguments: [-10_800, -86_400] as [TimeInterval])
  func launchBehind(skew: TimeInterval) async throws {
    // Ten-minute tokens. The first launch logs in; the token expires on the server while
    // the app is not running, and the device's clock is set back meanwhile.
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), lifetime: 600, sendsDate: true,
      issuesIAT: true)
    let tokens = InMemoryTokenStore()
    await tokens.store(server.issue())
    server.time.advance(by: 700)
    let device = ManualClock(start: server.time.now.addingTimeInterval(skew))
    let client = NetworkClient(
      configuration: NetworkFixtures.configuration(), transport: server, tokenStore: tokens,
      signer: PortableRequestSigner(), clock: device, device: NetworkFixtures.device,
      events: nil, logger: .disabled)
    for _ in 0..<3 {
      _ = try await client.send(ServerClockTests.ping)
    }
    #expect(server.unauthorized == 0, "\(server.unauthorized) calls answered 401")
    #expect(server.refreshes == 1)
  }

  @Test(
    "a stored token is refreshed when the clock reads before its iat; at it or after, not",
    arguments: [(-0.001, 1), (0.0, 0), (0.001, 0)])
  func issuedAfterTheClock(offset: TimeInterval, refreshes: Int) async throws {
    // An hour left on the device's clock: only the iat can make it due.
    let iat = Self.serverStart.timeIntervalSince1970
    let stored = Self.pair(iat: iat, exp: iat + 3_600)
    let brought = Self.pair(iat: iat + 1, exp: iat + 3_601)
    let coordinator = Self.coordinator(stored, now: iat + offset, outcome: .refreshed(brought))
    let tokens = try await coordinator.currentTokens()
    #expect(await coordinator.refreshCallCount == refreshes)
    #expect(tokens == (refreshes == 0 ? stored : brought))
  }

  @Test("a refresh that brings a token issued after the clock is not repeated on each call")
  func broughtAfterTheClock() async throws {
    // The clock is behind the server's by more than any estimate tells: the brought token
    // is used as it is until too close to its expiry, like one brought inside the window.
    let now = Self.serverStart.timeIntervalSince1970
    let stored = Self.pair(iat: now + 100, exp: now + 3_700)
    let brought = Self.pair(iat: now + 200, exp: now + 3_800)
    let coordinator = Self.coordinator(stored, now: now, outcome: .refreshed(brought))
    for _ in 0..<3 {
      #expect(try await coordinator.currentTokens() == brought)
    }
    #expect(await coordinator.refreshCallCount == 1)
  }

  @Test(
    "when the refresh fails for now, a token issued after the clock is not sent; one at it is",
    arguments: [(-0.001, false), (0.0, true)])
  func failedRefresh(offset: TimeInterval, sent: Bool) async throws {
    // The token is inside the refresh window, so a refresh is tried either way; it fails.
    let iat = Self.serverStart.timeIntervalSince1970
    let stored = Self.pair(iat: iat, exp: iat + 200)
    let failure = LoyaltyError(.notConnected, "offline")
    let coordinator = Self.coordinator(stored, now: iat + offset, outcome: .transient(failure))
    let tokens = try? await coordinator.currentTokens()
    #expect((tokens == stored) == sent)
    #expect(try await coordinator.storedTokens() == stored, "the session is kept")
  }
}
