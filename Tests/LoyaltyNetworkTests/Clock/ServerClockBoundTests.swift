import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// Expiry is judged on the latest time the server's clock can show: a `Date` header
/// tells its second only, and the answer took a while to arrive.
@Suite("Token expiry on the latest server time")
struct ServerClockBoundTests {
  /// A header's second, `D`.
  static let second: TimeInterval = 1_800_000_000

  /// A server clock whose one sample is the header `D`, stamped when the server's time
  /// was `D` + 0.999 (the device's clock agrees with it), answered `roundTrip` seconds
  /// after it was sent.
  static func clock(roundTrip: TimeInterval = 0) -> ServerClock {
    let device = ManualClock(start: Date(timeIntervalSince1970: second + 0.999))
    let clock = ServerClock(device: device)
    let sentAt = device.now
    device.advance(by: roundTrip)
    clock.record(
      dateHeader: SkewedServer.httpDate(sentAt), sentAt: sentAt, receivedAt: device.now)
    return clock
  }

  /// A pair whose access token expires at `exp` (seconds since 1970), issued at `iat`
  /// when given, with a refresh token or not.
  static func pair(exp: TimeInterval, iat: TimeInterval? = nil, refreshable: Bool = true)
    -> TokenPair
  {
    let issued = iat.map { #","iat":\#($0)"# } ?? ""
    let claims = #"{"sub":"u","exp":\#(exp)\#(issued)}"#
    let access =
      Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8)) + "."
      + Base64URL.encode(Data(claims.utf8)) + ".sig"
    return TokenPair(accessToken: access, refreshToken: refreshable ? "refresh" : "")
  }

  /// A coordinator holding `pair`, judging expiry on `serverClock`; its refreshes bring
  /// a token valid for an hour.
  static func coordinator(
    _ pair: TokenPair, serverClock: ServerClock, threshold: TimeInterval
  ) -> RefreshCoordinator {
    RefreshCoordinator(
      store: InMemoryTokenStore(pair), clock: serverClock.device, serverClock: serverClock,
      configuration: TokenConfiguration(refreshThreshold: threshold), events: nil,
      logger: .disabled,
      refresher: { _ in .refreshed(Self.pair(exp: second + 3_600)) })
  }

  @Test("the estimate is the end of the header's second, plus the whole round trip")
  func latestBound() {
    #expect(Self.clock().now == Date(timeIntervalSince1970: Self.second + 1))
    let later = Self.clock(roundTrip: 0.25).now.timeIntervalSince1970
    #expect(abs(later - (Self.second + 1.25)) < 1e-6, "\(later)")
  }

  @Test(
    "a token expiring at D + 1 s has expired when the header says D (and none later)",
    arguments: [(0.0, LoyaltyError.Code.sessionEnded), (0.001, .refreshFailed)])
  func dateResolution(after: TimeInterval, code: LoyaltyError.Code) async throws {
    // No refresh token and no threshold: an expired token ends the session; one not
    // expired yet but inside the send margin is not sent, and the session stays.
    let pair = Self.pair(exp: Self.second + 1 + after, refreshable: false)
    let coordinator = Self.coordinator(pair, serverClock: Self.clock(), threshold: 0)
    await #expect(throws: LoyaltyError.self) {
      do {
        _ = try await coordinator.currentTokens()
      } catch let error as LoyaltyError {
        #expect(error.code == code, "\(error)")
        throw error
      }
    }
  }

  @Test(
    "a token is sent only with more than the send margin left on the latest server time",
    arguments: [(-0.001, false), (0.0, false), (0.001, true)])
  func sendMargin(after: TimeInterval, sent: Bool) async throws {
    // No refresh token and no threshold; the latest server time is D + 1 s.
    let pair = Self.pair(exp: Self.second + 1 + SessionToken.sendMargin + after, refreshable: false)
    let coordinator = Self.coordinator(pair, serverClock: Self.clock(), threshold: 0)
    let tokens = try? await coordinator.currentTokens()
    #expect((tokens == pair) == sent, "a token was sent with \(5 + after) s left")
  }

  @Test(
    "a token a refresh brought due is refreshed again once inside the send margin",
    arguments: [(0.999, 1), (1.0, 2)])
  func arrivedDueMargin(wait: TimeInterval, refreshes: Int) async throws {
    // The threshold (an hour) puts every token in the window; the refresh brings one
    // with the margin and 1 s left on the latest server time (D + 1 s), which then moves
    // `wait` seconds on.
    let device = ManualClock(start: Date(timeIntervalSince1970: Self.second + 0.999))
    let clock = ServerClock(device: device)
    clock.record(
      dateHeader: SkewedServer.httpDate(device.now), sentAt: device.now, receivedAt: device.now)
    let brought = Self.pair(exp: Self.second + 1 + SessionToken.sendMargin + 1)
    let coordinator = RefreshCoordinator(
      store: InMemoryTokenStore(Self.pair(exp: Self.second + 100)), clock: device,
      serverClock: clock, configuration: TokenConfiguration(refreshThreshold: 3_600),
      events: nil, logger: .disabled, refresher: { _ in .refreshed(brought) })
    _ = try await coordinator.currentTokens()
    device.advance(by: wait)
    _ = try await coordinator.currentTokens()
    #expect(await coordinator.refreshCallCount == refreshes)
  }

  /// A coordinator whose refreshes bring `brought`, holding a token due within the hour
  /// (the threshold, so every token is in the window), on a server clock whose estimate
  /// is D + 1 s.
  static func coordinator(bringing brought: TokenPair) -> (RefreshCoordinator, ManualClock) {
    let clock = Self.clock()
    let device = clock.device as? ManualClock ?? ManualClock()
    let coordinator = RefreshCoordinator(
      store: InMemoryTokenStore(Self.pair(exp: Self.second + 100)), clock: device,
      serverClock: clock, configuration: TokenConfiguration(refreshThreshold: 3_600),
      events: nil, logger: .disabled, refresher: { _ in .refreshed(brought) })
    return (coordinator, device)
  }

  @Test(
    "a token a refresh brought inside the send margin is refreshed again once it expires",
    arguments: [(4.999, 1), (5.0, 2)])
  func arrivedInsideMargin(wait: TimeInterval, refreshes: Int) async throws {
    // It arrives with the margin exactly left on the estimate: refreshing it before its
    // expiry would bring one as close, and refresh on every call.
    let brought = Self.pair(exp: Self.second + 1 + SessionToken.sendMargin)
    let (coordinator, device) = Self.coordinator(bringing: brought)
    for _ in 0..<3 {
      #expect(try await coordinator.currentTokens() == brought)
    }
    device.advance(by: wait)
    _ = try await coordinator.currentTokens()
    #expect(await coordinator.refreshCallCount == refreshes)
  }

  @Test("a token a refresh brought already expired on the estimate is used until a 401")
  func arrivedExpired() async throws {
    // The estimate cannot judge a token the server has just issued expired: it is off.
    let brought = Self.pair(exp: Self.second + 1)
    let (coordinator, device) = Self.coordinator(bringing: brought)
    for _ in 0..<3 {
      #expect(try await coordinator.currentTokens() == brought)
      device.advance(by: 60)
    }
    #expect(await coordinator.refreshCallCount == 1)
  }

  @Test(
    "the round trip counts whole: a token expiring by D + 1 s + the round trip has expired",
    arguments: [(-0.001, true), (0.001, false)])
  func roundTrip(after: TimeInterval, expired: Bool) {
    let clock = Self.clock(roundTrip: 0.5)
    let token = SessionToken(Self.pair(exp: Self.second + 1.5 + after))
    #expect(token.isExpired(at: clock.now) == expired)
  }

  @Test(
    "a token expiring at the threshold or a millisecond sooner refreshes; a millisecond later, not",
    arguments: [(-0.001, true), (0.0, true), (0.001, false)])
  func threshold(after: TimeInterval, refreshes: Bool) async throws {
    // The latest server time is D + 1 s, the threshold 10 s (beyond the send margin).
    let pair = Self.pair(exp: Self.second + 11 + after)
    let coordinator = Self.coordinator(pair, serverClock: Self.clock(), threshold: 10)
    let tokens = try await coordinator.currentTokens()
    #expect(await coordinator.refreshCallCount == (refreshes ? 1 : 0))
    #expect((tokens == pair) == !refreshes)
  }
}
