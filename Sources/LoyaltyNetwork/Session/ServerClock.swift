public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The latest the server's time can be, measured from the `Date` header of the server's
/// answers and the `iat` claim of the tokens it issues, and carried forward on the
/// device's monotonic time.
///
/// Token expiry is judged on it: a JWT's `exp` is the server's time, and a device clock
/// that is wrong by days would otherwise refresh on every call (ahead) or send tokens the
/// server already considers expired (behind).
///
/// - ``now`` is the latest bound, not the middle: expiry judged on it is never late. A
///   `Date` header tells the second `D` the server stamped the answer in, at some instant
///   between the device's send and receive: the server's time was below `D` + 1 s at the
///   send at the latest, so the sample is `D` + 1 s at the send instant, and at the
///   receive the whole round trip has passed on top of it. A token's `iat` counts the
///   same way, from the instant the refresh call was sent. Every sample is a bound the
///   server's time is below, so their median is one too. The cost: a refresh up to 1 s
///   and a round trip sooner than the server's true time calls for.
/// - A sample is kept as the server's time less the device's
///   ``LoyaltyCore/LoyaltyClock/monotonicTime`` at that instant, and ``now`` adds the
///   monotonic time of the moment: between two answers the estimate moves with the time
///   that passes, and setting the device's wall clock (by the user, or the network)
///   changes nothing until the server tells its time again. A step back of the device's
///   monotonic time (a host clock that breaks the protocol's rule, reading its wall clock)
///   counts as no time passing, never as the server's clock moving: the estimate's
///   ``monotonicTime`` goes on from where it was.
/// - The estimate is the median of the last ``sampleCount`` samples, so one odd answer (a
///   cache's stale `Date`) does not move it.
/// - A sample more than ``jumpThreshold`` away from the estimate means the server's clock
///   was changed (or first measured): the estimate takes it at once and the history
///   starts again from it.
/// - Until the first sample, ``now`` is the device's wall clock.
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
    /// Each sample: the server's time (seconds since the reference date) less the
    /// clock's ``monotonicTime`` at the same instant.
    var samples: [TimeInterval] = []
    /// The median of `samples`; `nil` before the first.
    var estimate: TimeInterval?
    var reported: TimeInterval = 0
    /// The device's monotonic time at the last reading, and the time measured on it so
    /// far, steps back left out.
    var lastReading: TimeInterval?
    var elapsed: TimeInterval = 0

    /// The time measured up to `reading` of the device's monotonic time: what it moved
    /// forward since the last reading is added; a step back adds nothing.
    mutating func monotonic(_ reading: TimeInterval) -> TimeInterval {
      if let lastReading, reading > lastReading {
        elapsed += reading - lastReading
      }
      lastReading = reading
      return elapsed
    }
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

  /// The latest the server's time can be: the estimate of the last samples carried
  /// forward on the device's monotonic time; the device's wall clock before any sample.
  /// Token expiry and the refresh window are judged on it.
  public var now: Date {
    let estimate = state.withLock { state -> TimeInterval? in
      let monotonic = state.monotonic(device.monotonicTime)
      return state.estimate.map { $0 + monotonic }
    }
    guard let estimate else { return device.now }
    return Date(timeIntervalSinceReferenceDate: estimate)
  }

  /// The device's monotonic time as the estimate measures it: it follows the device's,
  /// and a step back of the device's adds nothing (zero at the first reading).
  public var monotonicTime: TimeInterval {
    state.withLock { $0.monotonic(device.monotonicTime) }
  }

  /// Sleeps on the device's clock.
  public func sleep(for seconds: TimeInterval) async throws {
    try await device.sleep(for: seconds)
  }

  /// The estimated (latest) server time less the device's wall-clock time, in seconds (positive
  /// when the device is behind); `nil` before any answer or token told the server's time.
  /// It changes when the device's wall clock is set, the estimate does not.
  public var offset: TimeInterval? {
    let estimate = state.withLock { state -> TimeInterval? in
      let monotonic = state.monotonic(device.monotonicTime)
      return state.estimate.map { $0 + monotonic }
    }
    return estimate.map { $0 - device.now.timeIntervalSinceReferenceDate }
  }

  /// Records an answer's `Date` header (`value`), for a request sent at `sentAt` and
  /// answered at `receivedAt` on the device's wall clock. Unreadable dates are ignored.
  ///
  /// Both instants are taken on the monotonic time as far before the moment of the call
  /// as they are before the wall clock's time.
  public func record(dateHeader value: String, sentAt: Date, receivedAt: Date) {
    record(
      dateHeader: value, sentAt: monotonic(sentAt), receivedAt: monotonic(receivedAt))
  }

  /// Records an answer's `Date` header (`value`), for a request sent at `sentAt` and
  /// answered at `receivedAt` on ``monotonicTime``.
  ///
  /// The server stamped the header within the second it names, between `sentAt` and
  /// `receivedAt`: at `sentAt`, its time was below the second's end at the latest.
  func record(dateHeader value: String, sentAt: TimeInterval, receivedAt: TimeInterval) {
    guard let date = HTTPDate.parse(value, now: device.now), receivedAt >= sentAt else {
      return
    }
    record(sample: date.timeIntervalSinceReferenceDate + 1 - sentAt)
  }

  /// Records a token's `iat` (issued at, the server's time), received at `receivedAt`
  /// on the device's wall clock. The call's round trip is not known here, so it counts
  /// as none; the network client records the `iat` of a refresh from the instant the
  /// call was sent.
  public func record(issuedAt: Date, receivedAt: Date) {
    record(issuedAt: issuedAt, sentAt: monotonic(receivedAt))
  }

  /// Records a token's `iat`, for a call sent at `sentAt` on ``monotonicTime``:
  /// the server's time at the send was below the end of the `iat`'s second.
  func record(issuedAt: Date, sentAt: TimeInterval) {
    record(sample: issuedAt.timeIntervalSinceReferenceDate + 1 - sentAt)
  }

  /// `date` on the device's wall clock, as a reading of ``monotonicTime``.
  private func monotonic(_ date: Date) -> TimeInterval {
    let monotonic = monotonicTime
    return monotonic - device.now.timeIntervalSince(date)
  }

  private func record(sample: TimeInterval) {
    guard sample.isFinite else { return }
    let wall = device.now.timeIntervalSinceReferenceDate
    let report = state.withLock { state -> TimeInterval? in
      let monotonic = state.monotonic(device.monotonicTime)
      if let estimate = state.estimate, abs(sample - estimate) <= Self.jumpThreshold {
        state.samples.append(sample)
        if state.samples.count > Self.sampleCount { state.samples.removeFirst() }
      } else {
        state.samples = [sample]
      }
      let sorted = state.samples.stablySorted()
      let estimate = sorted[(sorted.count - 1) / 2]
      state.estimate = estimate
      let offset = estimate + monotonic - wall
      guard abs(offset - state.reported) > Self.skewThreshold else { return nil }
      state.reported = offset
      return offset
    }
    if let report {
      events?.post(ClockSkewDetected(offset: report))
    }
  }
}
