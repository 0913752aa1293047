import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("18. Token expiry on the server's clock")
struct ServerClockTests {
  static let serverStart = Date(timeIntervalSince1970: 1_800_000_000)

  /// A client on a device clock `skew` seconds off the server's, logged in with a pair the
  /// server just issued.
  static func client(
    _ server: SkewedServer, skew: TimeInterval, events: InMemoryEventSink? = nil
  ) async throws -> (NetworkClient, ManualClock) {
    let device = ManualClock(start: server.time.now.addingTimeInterval(skew))
    let client = NetworkClient(
      configuration: NetworkFixtures.configuration(), transport: server,
      tokenStore: InMemoryTokenStore(), signer: PortableRequestSigner(), clock: device,
      device: NetworkFixtures.device, events: events, logger: .disabled)
    try await client.session.login(with: server.issue())
    return (client, device)
  }

  static let ping = Endpoint<ResponseEnvelope>(
    name: "ping", method: .get, path: "/oauth/{appUUID}/context", auth: .bearer)

  @Test(
    "a device two days ahead refreshes at most once, not on every call",
    arguments: [(true, false), (false, true), (false, false)])
  func deviceAhead(sendsDate: Bool, issuesIAT: Bool) async throws {
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), sendsDate: sendsDate, issuesIAT: issuesIAT)
    let (client, _) = try await Self.client(server, skew: 2 * 86_400)
    for _ in 0..<10 {
      _ = try await client.send(Self.ping)
    }
    #expect(server.refreshes <= 1, "\(server.refreshes) refreshes for 10 calls")
    #expect(server.unauthorized == 0)
    if sendsDate || issuesIAT {
      let offset = try #require(client.serverClock.offset)
      #expect(abs(offset + 2 * 86_400) < 2, "offset \(offset)")
    }
  }

  @Test("a device two hours behind refreshes before the server's expiry: no 401")
  func deviceBehind() async throws {
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), sendsDate: true, issuesIAT: false)
    let (client, device) = try await Self.client(server, skew: -7_200)
    // 32 calls over 3 hours of both clocks: the token (one hour) expires on the server
    // several times, while the device, two hours behind, would still think it valid.
    for _ in 0..<32 {
      _ = try await client.send(Self.ping)
      server.time.advance(by: 340)
      device.advance(by: 340)
    }
    #expect(server.unauthorized == 0, "\(server.unauthorized) calls answered 401")
    #expect(server.refreshes >= 3)
    #expect(server.refreshes <= 4)
  }

  @Test("a device clock that jumps back and forth never refreshes a token twice")
  func jumps() async throws {
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), sendsDate: true, issuesIAT: false)
    let device = SettableClock(server.time.now)
    let client = NetworkClient(
      configuration: NetworkFixtures.configuration(), transport: server,
      tokenStore: InMemoryTokenStore(), signer: PortableRequestSigner(), clock: device,
      device: NetworkFixtures.device, events: nil, logger: .disabled)
    try await client.session.login(with: server.issue())
    // Ahead two days, behind two hours, ahead a day, right again: each time a few calls
    // while the server's time moves on by ten minutes.
    for skew in [2 * 86_400, -7_200, 86_400, 0] as [TimeInterval] {
      device.set(server.time.now.addingTimeInterval(skew))
      let before = server.refreshes
      for _ in 0..<5 {
        _ = try await client.send(Self.ping)
        server.time.advance(by: 120)
        device.advance(by: 120)
      }
      #expect(server.refreshes - before <= 1, "skew \(skew): \(server.refreshes - before)")
    }
    #expect(server.unauthorized == 0)
  }

  @Test("the offset is published once it passes a minute")
  func skewEvent() async throws {
    let events = InMemoryEventSink()
    let server = SkewedServer(
      time: ManualClock(start: Self.serverStart), sendsDate: true, issuesIAT: false)
    let (client, _) = try await Self.client(server, skew: 2 * 86_400, events: events)
    for _ in 0..<3 {
      _ = try await client.send(Self.ping)
    }
    let skews = events.events.compactMap { $0 as? ClockSkewDetected }
    #expect(skews.count == 1)
    #expect(abs((skews.first?.offset ?? 0) + 2 * 86_400) < 2)
  }
}

/// A device clock a test sets anywhere, backwards too; its sleeps return at once.
///
/// ``set(_:)`` moves its wall clock only, as a user setting the time does: its monotonic
/// time does not jump, unless the clock was made `readingWallAsMonotonic` (a host clock
/// that breaks the protocol's rule and returns its wall clock's seconds there).
/// ``advance(by:)`` is time passing, on both.
final class SettableClock: LoyaltyClock {
  private struct State {
    var now: Date
    var monotonicTime: TimeInterval = 0
  }

  private let state: Locked<State>
  private let readsWallAsMonotonic: Bool

  init(_ start: Date, readingWallAsMonotonic: Bool = false) {
    state = Locked(State(now: start))
    readsWallAsMonotonic = readingWallAsMonotonic
  }

  var now: Date { state.withLock { $0.now } }

  var monotonicTime: TimeInterval {
    state.withLock {
      readsWallAsMonotonic ? $0.now.timeIntervalSinceReferenceDate : $0.monotonicTime
    }
  }

  /// Sets the wall clock to `date`; the monotonic time stays.
  func set(_ date: Date) {
    state.withLock { $0.now = date }
  }

  /// Lets `seconds` pass, on the wall clock and the monotonic time.
  func advance(by seconds: TimeInterval) {
    state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      state.monotonicTime += seconds
    }
  }

  func sleep(for seconds: TimeInterval) async throws {
    try Task.checkCancellation()
  }
}

@Suite("ServerClock's estimate")
struct ServerClockEstimateTests {
  static let device = Date(timeIntervalSince1970: 1_800_000_000)

  static func header(_ offset: TimeInterval) -> String {
    SkewedServer.httpDate(device.addingTimeInterval(offset))
  }

  @Test("no sample: the device's time, offset nil")
  func unmeasured() {
    let clock = ServerClock(device: ManualClock(start: Self.device))
    #expect(clock.offset == nil)
    #expect(clock.now == Self.device)
  }

  @Test("the median of the samples: one odd Date within a minute does not move it")
  func median() throws {
    let clock = ServerClock(device: ManualClock(start: Self.device))
    for offset in [100, 100, 159, 100, 101] as [TimeInterval] {
      clock.record(dateHeader: Self.header(offset), sentAt: Self.device, receivedAt: Self.device)
    }
    let offset = try #require(clock.offset)
    #expect((100...101.5).contains(offset), "\(offset)")
  }

  @Test("a sample more than a minute away replaces the estimate at once; one within, not")
  func jump() throws {
    let clock = ServerClock(device: ManualClock(start: Self.device))
    clock.record(dateHeader: Self.header(0), sentAt: Self.device, receivedAt: Self.device)
    clock.record(dateHeader: Self.header(59), sentAt: Self.device, receivedAt: Self.device)
    #expect(try #require(clock.offset) < 30, "a second sample 59 s away is only a sample")
    clock.record(dateHeader: Self.header(-7_200), sentAt: Self.device, receivedAt: Self.device)
    // The latest bound: the end of the header's second.
    #expect(abs(try #require(clock.offset) + 7_199) < 0.5, "a jump replaces the estimate")
  }

  @Test("an unreadable Date is ignored")
  func unreadable() {
    let clock = ServerClock(device: ManualClock(start: Self.device))
    clock.record(dateHeader: "yesterday", sentAt: Self.device, receivedAt: Self.device)
    #expect(clock.offset == nil)
  }
}
