public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Decides whether a local offer notification may be shown, by ``NotificationLimits``,
/// and remembers what was shown, across restarts when a key-value store persists it.
///
/// Days, weeks and months are calendar periods in the limiter's time zone (weeks run
/// Monday to Sunday); the merchant cool-down is a rolling window.
public actor NotificationLimiter {
  private struct Entry: Codable, Equatable {
    let date: Date
    let merchantID: String
  }

  /// The key the history is kept under.
  public static let storageKey = "loyalty.push.notification-history"

  /// The limits applied.
  public let limits: NotificationLimits
  private let store: (any KeyValueStore)?
  private let clock: any LoyaltyClock
  private let calendar: Calendar
  private var history: [Entry]?

  /// Creates a limiter.
  /// - Parameters:
  ///   - limits: The limits.
  ///   - store: Where the history persists; in memory only when `nil`.
  ///   - clock: The clock "now" comes from.
  ///   - timeZone: The time zone days, weeks, months and hours are counted in.
  public init(
    limits: NotificationLimits = NotificationLimits(), store: (any KeyValueStore)?,
    clock: any LoyaltyClock, timeZone: TimeZone = .current
  ) {
    self.limits = limits
    self.store = store
    self.clock = clock
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// Whether a notification for `merchantID` may be shown now. Records nothing.
  public func check(merchantID: String) async throws -> LimitDecision {
    decide(merchantID: merchantID, at: clock.now, history: try await loadHistory())
  }

  /// Checks, and when allowed records the notification as shown, atomically.
  public func requestPermission(merchantID: String) async throws -> LimitDecision {
    let now = clock.now
    let entries = try await loadHistory()
    let decision = decide(merchantID: merchantID, at: now, history: entries)
    if decision.isAllowed {
      try await save(entries + [Entry(date: now, merchantID: merchantID)], now: now)
    }
    return decision
  }

  /// Records a notification shown for `merchantID` now.
  public func record(merchantID: String) async throws {
    let now = clock.now
    try await save(try await loadHistory() + [Entry(date: now, merchantID: merchantID)], now: now)
  }

  /// How many notifications were shown on the current day, week and month.
  public func counts() async throws -> (day: Int, week: Int, month: Int) {
    let now = clock.now
    let entries = try await loadHistory()
    return (
      entries.filter { same(.day, $0.date, now) }.count,
      entries.filter { same(.weekOfYear, $0.date, now) }.count,
      entries.filter { same(.month, $0.date, now) }.count
    )
  }

  private func decide(merchantID: String, at now: Date, history: [Entry]) -> LimitDecision {
    let hour = calendar.component(.hour, from: now)
    guard limits.allowedHours.contains(hour) else { return .outsideAllowedHours }
    if let last = history.filter({ $0.merchantID == merchantID }).map(\.date).max(),
      now.timeIntervalSince(last) < limits.merchantCooldown
    {
      return .merchantCoolingDown(until: last.addingTimeInterval(limits.merchantCooldown))
    }
    if history.filter({ same(.day, $0.date, now) }).count >= limits.perDay {
      return .dailyLimitReached
    }
    if history.filter({ same(.weekOfYear, $0.date, now) }).count >= limits.perWeek {
      return .weeklyLimitReached
    }
    if history.filter({ same(.month, $0.date, now) }).count >= limits.perMonth {
      return .monthlyLimitReached
    }
    return .allowed
  }

  private func same(_ component: Calendar.Component, _ first: Date, _ second: Date) -> Bool {
    calendar.isDate(first, equalTo: second, toGranularity: component)
  }

  private func loadHistory() async throws -> [Entry] {
    if let history { return history }
    let loaded = try await store?.value([Entry].self, forKey: Self.storageKey) ?? []
    history = loaded
    return loaded
  }

  private func save(_ entries: [Entry], now: Date) async throws {
    // Keep what any rule can still need: the last month and a cool-down.
    let horizon = now.addingTimeInterval(-max(32 * 86_400, limits.merchantCooldown))
    let kept = entries.filter { $0.date >= horizon }
    try await store?.set(kept, forKey: Self.storageKey)
    history = kept
  }
}
