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

  /// A pair whose access token expires at `exp` (seconds since 1970), with a refresh
  /// token or not.
  static func pair(exp: TimeInterval, refreshable: Bool = true) -> TokenPair {
    let claims = #"{"sub":"u","exp":\#(exp)}"#
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
    arguments: [(0.0, true), (0.001, false)])
  func dateResolution(after: TimeInterval, expired: Bool) async throws {
    // No refresh token and no threshold: an expired token ends the session, one still
    // valid is sent.
    let pair = Self.pair(exp: Self.second + 1 + after, refreshable: false)
    let coordinator = Self.coordinator(pair, serverClock: Self.clock(), threshold: 0)
    do {
      let tokens = try await coordinator.currentTokens()
      #expect(!expired, "a token past its expiry on the server's clock was sent")
      #expect(tokens == pair)
    } catch {
      #expect(expired, "\(error)")
      #expect((error as? LoyaltyError)?.code == .sessionEnded)
    }
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
    // The latest server time is D + 1 s, the threshold 1 s.
    let pair = Self.pair(exp: Self.second + 2 + after)
    let coordinator = Self.coordinator(pair, serverClock: Self.clock(), threshold: 1)
    let tokens = try await coordinator.currentTokens()
    #expect(await coordinator.refreshCallCount == (refreshes ? 1 : 0))
    #expect((tokens == pair) == !refreshes)
  }
}
