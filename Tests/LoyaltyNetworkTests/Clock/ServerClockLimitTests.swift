import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// The server clock's limits, exactly at each, one before and one after: a token's `iat`
/// counts to the end of its second, a sample exactly ``ServerClock/jumpThreshold`` away
/// joins the history, the median is over exactly ``ServerClock/sampleCount`` samples, and
/// a skew of exactly ``ServerClock/skewThreshold`` is not reported.
@Suite("The server clock at its limits")
struct ServerClockLimitTests {
  /// The device's wall clock, agreeing with the server's until a sample says otherwise.
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A server clock over a device clock that never moves, with the `iat` of each of
  /// `offsets` recorded in turn, each `start` plus the offset.
  static func clock(iatOffsets offsets: [TimeInterval], events: (any EventSink)? = nil)
    -> ServerClock
  {
    let device = ManualClock(start: start)
    let clock = ServerClock(device: device, events: events)
    for offset in offsets {
      clock.record(issuedAt: start.addingTimeInterval(offset), receivedAt: device.now)
    }
    return clock
  }

  @Test("a token's iat counts to the end of its second")
  func issuedAtSecond() {
    #expect(Self.clock(iatOffsets: [0]).now == Self.start.addingTimeInterval(1))
  }

  @Test(
    "a sample exactly jumpThreshold away joins the history; one beyond replaces it",
    arguments: [(ServerClock.jumpThreshold, 1.0), (ServerClock.jumpThreshold + 1, 62.0)])
  func jumpThreshold(away: TimeInterval, estimate: TimeInterval) {
    // Two samples in the history: the median is the lower, the first.
    let clock = Self.clock(iatOffsets: [0, away])
    #expect(clock.now == Self.start.addingTimeInterval(estimate))
  }

  @Test("a sample one second inside jumpThreshold joins the history")
  func insideJumpThreshold() {
    let clock = Self.clock(iatOffsets: [0, ServerClock.jumpThreshold - 1])
    #expect(clock.now == Self.start.addingTimeInterval(1))
  }

  @Test("the median is over exactly sampleCount samples: the oldest goes with the next")
  func sampleCount() {
    // 50 then three 0s and three 50s: seven samples, whose median is 50. Six (without the
    // first) would have had the median 0.
    let offsets: [TimeInterval] = [50, 0, 0, 0, 50, 50, 50]
    #expect(offsets.count == ServerClock.sampleCount)
    #expect(Self.clock(iatOffsets: offsets).now == Self.start.addingTimeInterval(51))
    // An eighth sample, 0, pushes out the first 50: the median of the last seven is 0.
    #expect(Self.clock(iatOffsets: offsets + [0]).now == Self.start.addingTimeInterval(1))
  }

  @Test(
    "a skew of exactly skewThreshold is not reported; one millisecond more is",
    arguments: [(0.0, false), (0.001, true)])
  func skewThreshold(beyond: TimeInterval, reported: Bool) {
    let sink = InMemoryEventSink()
    // The iat's second ends 1 s after it: an offset of exactly skewThreshold plus `beyond`.
    _ = Self.clock(iatOffsets: [ServerClock.skewThreshold - 1 + beyond], events: sink)
    #expect(!sink.events(of: ClockSkewDetected.self).isEmpty == reported)
  }
}
