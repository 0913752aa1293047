public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The server's time, as the device's clock corrected by an offset measured from the
/// `Date` header of the server's answers and the `iat` claim of the tokens it issues.
///
/// Token expiry is judged on it: a JWT's `exp` is the server's time, and a device clock
/// that is wrong by days would otherwise refresh on every call (ahead) or send tokens the
/// server already considers expired (behind).
///
/// - Each answer with a `Date` header gives one sample: the header's time (to the second,
///   so its middle, + 0.5 s) less the middle of the device's send and receive times.
/// - The offset is the median of the last ``sampleCount`` samples, so one odd answer (a
///   cache's stale `Date`) does not move it.
/// - A sample more than ``jumpThreshold`` away from the offset means the device's clock
///   was changed (or first measured): the offset takes it at once and the history starts
///   again from it.
/// - Until the first sample, the offset is 0: the device's clock is trusted.
///
/// When the offset first exceeds ``skewThreshold``, or moves by more than it since the
/// last report, a ``ClockSkewDetected`` event is posted, so a host can tell its user
/// "your clock is wrong". ``offset`` reads the current estimate at any time.
public final class ServerClock: LoyaltyClock {
  /// How many samples the median is taken over.
  public static let sampleCount = 7
  /// A sample this far from the estimate (seconds) replaces it at once.
  public static let jumpThreshold: TimeInterval = 60
  /// An offset larger than this (seconds) is reported as a skewed device clock.
  public static let skewThreshold: TimeInterval = 60

  private struct State {
    var samples: [TimeInterval] = []
    var offset: TimeInterval = 0
    var measured = false
    var reported: TimeInterval = 0
  }

  /// The device's clock.
  public let device: any LoyaltyClock
  private let events: (any EventSink)?
  private let state = Locked(State())

  /// A server clock over `device`, posting ``ClockSkewDetected`` to `events`.
  public init(device: any LoyaltyClock, events: (any EventSink)? = nil) {
    self.device = device
    self.events = events
  }

  /// The server's estimated time: the device's time plus ``offset``.
  public var now: Date {
    let offset = state.withLock { $0.offset }
    return device.now.addingTimeInterval(offset)
  }

  /// Sleeps on the device's clock.
  public func sleep(for seconds: TimeInterval) async throws {
    try await device.sleep(for: seconds)
  }

  /// The estimated server time less the device's time, in seconds (positive when the
  /// device is behind); `nil` before any answer or token told the server's time.
  public var offset: TimeInterval? {
    state.withLock { $0.measured ? $0.offset : nil }
  }

  /// Records an answer's `Date` header (`value`), for a request sent at `sentAt` and
  /// answered at `receivedAt` on the device's clock. Unreadable dates are ignored.
  public func record(dateHeader value: String, sentAt: Date, receivedAt: Date) {
    guard let date = HTTPDate.parse(value, now: receivedAt) else { return }
    let middle = sentAt.addingTimeInterval(receivedAt.timeIntervalSince(sentAt) / 2)
    record(sample: date.timeIntervalSince(middle) + 0.5)
  }

  /// Records a token's `iat` (issued at, the server's time), received at `receivedAt`
  /// on the device's clock.
  public func record(issuedAt: Date, receivedAt: Date) {
    record(sample: issuedAt.timeIntervalSince(receivedAt))
  }

  private func record(sample: TimeInterval) {
    guard sample.isFinite else { return }
    let report = state.withLock { state -> TimeInterval? in
      if !state.measured || abs(sample - state.offset) > Self.jumpThreshold {
        state.samples = [sample]
      } else {
        state.samples.append(sample)
        if state.samples.count > Self.sampleCount { state.samples.removeFirst() }
      }
      state.measured = true
      let sorted = state.samples.sorted()
      state.offset = sorted[(sorted.count - 1) / 2]
      let moved = abs(state.offset - state.reported)
      guard moved > Self.skewThreshold else { return nil }
      state.reported = state.offset
      return state.offset
    }
    if let report {
      events?.post(ClockSkewDetected(offset: report))
    }
  }
}
