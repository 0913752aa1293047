import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When each event this process tracked was tracked, on the monotonic clock. An event's
/// age (for `maxAge`) is judged on it, so a device clock set back or forward between
/// `track` and the upload expires nothing: an event tracked while the clock was a day
/// behind is not a day old once the clock is set right. An event an earlier process
/// tracked (before a restart) is judged on its timestamp once, when this process first
/// claims it, and on the monotonic clock from then on: a jump after that first look does
/// not age it either.
final class EventAges: Sendable {
  private let tracked = Locked<[String: TimeInterval]>([:])
  private let limit: Int

  /// - Parameter limit: The most events remembered (twice the queue's capacity): past it,
  ///   the older half is forgotten and judged on its timestamps.
  init(limit: Int) {
    self.limit = max(2, limit)
  }

  /// Remembers that `id` was tracked at `monotonicTime`.
  func record(_ id: String, at monotonicTime: TimeInterval) {
    tracked.withLock { tracked in
      if tracked.count >= limit {
        let cut = tracked.values.sorted()[tracked.count / 2]
        tracked = tracked.filter { $0.value >= cut }
      }
      tracked[id] = monotonicTime
    }
  }

  /// How old the event `id`, stamped `timestamp`, is: on the monotonic clock when this
  /// process tracked it or saw it before, else on the wall clock (and remembered so, an
  /// event stamped in the future counting as new).
  func age(
    of id: String, timestamp: Date, now: Date, monotonicTime: TimeInterval
  ) -> TimeInterval {
    tracked.withLock { tracked in
      if let trackedAt = tracked[id] { return monotonicTime - trackedAt }
      let age = now.timeIntervalSince(timestamp)
      if tracked.count < limit { tracked[id] = monotonicTime - max(0, age) }
      return age
    }
  }

  /// Forgets events that left the queue.
  func forget(_ ids: [String]) {
    tracked.withLock { tracked in
      for id in ids { tracked[id] = nil }
    }
  }

  /// Forgets every event (the queue was emptied).
  func forgetAll() {
    tracked.withLock { $0 = [:] }
  }
}
