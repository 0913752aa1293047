import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// The server's estimated time between two answers, while the device's wall clock is set
/// hours away: it moves with the time that passes, not with the wall clock.
@Suite("The server's time while the device's clock jumps")
struct ServerClockJumpTests {
  /// The server's time at the first call: just before the end of a second, where an
  /// answer's `Date` (to the second) says the least.
  static let serverStart = Date(timeIntervalSince1970: 1_800_000_000.999)

  /// Runs 32 calls, 2 s apart on the server's clock and the device's, against a server
  /// whose tokens live 6 s, refreshed 1 s before they expire; before call `n` the
  /// device's wall clock is set to the server's time plus `skews[n % skews.count]`.
  /// - Returns: the calls the server refused with 401, and the refreshes.
  static func run(skews: [TimeInterval]) async throws -> (unauthorized: Int, refreshes: Int) {
    let server = SkewedServer(
      time: ManualClock(start: serverStart), lifetime: 6, sendsDate: true, issuesIAT: false)
    let device = SettableClock(server.time.now)
    let client = NetworkClient(
      configuration: NetworkFixtures.configuration { $0.token.refreshThreshold = 1 },
      transport: server, tokenStore: InMemoryTokenStore(), signer: PortableRequestSigner(),
      clock: device, device: NetworkFixtures.device, events: nil, logger: .disabled)
    try await client.session.login(with: server.issue())
    for call in 0..<32 {
      device.set(server.time.now.addingTimeInterval(skews[call % skews.count]))
      _ = try await client.send(ServerClockTests.ping)
      server.time.advance(by: 2)
      device.advance(by: 2)
    }
    return (server.unauthorized, server.refreshes)
  }

  @Test("6 s tokens, 1 s threshold, a device clock set hours back and forth: no expired token")
  func shortTokens() async throws {
    // Three calls on time, two with the device's clock two hours back, two an hour
    // forward, and again.
    let jumping = try await Self.run(skews: [0, 0, 0, -7_200, -7_200, 3_600, 3_600, 0])
    let steady = try await Self.run(skews: [0])
    #expect(jumping.unauthorized == 0, "\(jumping.unauthorized) of 32 calls answered 401")
    #expect(steady.unauthorized == 0)
    #expect(
      jumping.refreshes == steady.refreshes,
      "\(jumping.refreshes) refreshes with the jumps, \(steady.refreshes) without")
  }

  @Test("after an answer, setting the device's clock does not move the estimate; time does")
  func wallClockJump() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let device = SettableClock(start)
    let clock = ServerClock(device: device)
    clock.record(dateHeader: SkewedServer.httpDate(start), sentAt: start, receivedAt: start)
    let estimate = clock.now
    let offset = try #require(clock.offset)

    device.set(start.addingTimeInterval(-7_200))
    #expect(clock.now == estimate, "two hours back")
    #expect(try #require(clock.offset) == offset + 7_200)
    device.set(start.addingTimeInterval(86_400))
    #expect(clock.now == estimate, "a day forward")

    device.advance(by: 5)
    #expect(clock.now == estimate.addingTimeInterval(5), "five seconds passed")
  }

  @Test(
    "a host's monotonic time stepping back counts as no time passing, never as the server's clock moving",
    arguments: [-7_200, -0.001, 0, 0.001] as [TimeInterval])
  func monotonicStepBack(step: TimeInterval) throws {
    // A host clock that reads its wall clock as its monotonic time, set by `step`.
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let device = SettableClock(start, readingWallAsMonotonic: true)
    let clock = ServerClock(device: device)
    clock.record(dateHeader: SkewedServer.httpDate(start), sentAt: start, receivedAt: start)
    let estimate = clock.now
    let monotonic = clock.monotonicTime
    device.set(start.addingTimeInterval(step))
    // Wall-clock seconds carry about 1e-7 s of rounding; a millisecond is well above it.
    let passed = max(0, step)
    #expect(abs(clock.monotonicTime - monotonic - passed) < 1e-5)
    #expect(abs(clock.now.timeIntervalSince(estimate) - passed) < 1e-5)
    // From the new reading on, time passes as before.
    device.advance(by: 5)
    #expect(abs(clock.now.timeIntervalSince(estimate) - passed - 5) < 1e-5)
    #expect(abs(clock.monotonicTime - monotonic - passed - 5) < 1e-5)
  }

  @Test("before any answer, the estimate is the device's clock, jumps included")
  func unmeasuredFollowsTheDevice() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let device = SettableClock(start)
    let clock = ServerClock(device: device)
    device.set(start.addingTimeInterval(-7_200))
    #expect(clock.now == start.addingTimeInterval(-7_200))
    #expect(clock.offset == nil)
  }

  @Test("a sample far from the estimate still replaces it, measured on the monotonic time")
  func serverJump() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let device = SettableClock(start)
    let clock = ServerClock(device: device)
    clock.record(dateHeader: SkewedServer.httpDate(start), sentAt: start, receivedAt: start)
    device.advance(by: 10)
    let now = device.now
    // The server's clock was put an hour forward.
    let header = SkewedServer.httpDate(now.addingTimeInterval(3_600))
    clock.record(dateHeader: header, sentAt: now, receivedAt: now)
    #expect(abs(clock.now.timeIntervalSince(now) - 3_600) <= 1, "\(clock.now)")
  }
}
