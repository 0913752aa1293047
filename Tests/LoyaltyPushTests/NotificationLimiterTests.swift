import Foundation
import LoyaltyCore
import LoyaltyPush
import Testing

@Suite("NotificationLimiter")
struct NotificationLimiterTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current

  /// A date in UTC: `2027-03-10 12:00`.
  static func date(_ text: String) -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = utc
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.date(from: text.count == 16 ? text + ":00" : text)
      ?? Date(timeIntervalSince1970: 0)
  }

  static func limiter(at start: String, store: (any KeyValueStore)? = nil) -> (
    NotificationLimiter, ManualClock
  ) {
    let clock = ManualClock(start: date(start))
    return (NotificationLimiter(store: store, clock: clock, timeZone: utc), clock)
  }

  @Test("only between 10:00 and 20:00 local time")
  func hours() async throws {
    for (time, allowed) in [
      ("2027-03-10 09:59:59", false), ("2027-03-10 10:00:00", true),
      ("2027-03-10 19:59:59", true), ("2027-03-10 20:00:00", false),
    ] {
      let (limiter, _) = Self.limiter(at: time)
      #expect(try await limiter.check(merchantID: "m").isAllowed == allowed, "\(time)")
    }
    let athens = TimeZone(identifier: "Europe/Athens") ?? Self.utc
    let limiter = NotificationLimiter(
      store: nil, clock: ManualClock(start: Self.date("2027-03-10 08:30")), timeZone: athens)
    #expect(try await limiter.check(merchantID: "m") == .allowed, "08:30 UTC is 10:30 in Athens")
  }

  @Test("at most 2 a day; the next day starts afresh")
  func daily() async throws {
    let (limiter, clock) = Self.limiter(at: "2027-03-10 10:00")
    #expect(try await limiter.requestPermission(merchantID: "a") == .allowed)
    #expect(try await limiter.requestPermission(merchantID: "b") == .allowed)
    #expect(try await limiter.requestPermission(merchantID: "c") == .dailyLimitReached)
    clock.advance(by: 9 * 3_600 + 59 * 60)  // 19:59 the same day
    #expect(try await limiter.check(merchantID: "c") == .dailyLimitReached)
    clock.advance(by: 14 * 3_600 + 60)  // 10:00 the next day
    #expect(try await limiter.requestPermission(merchantID: "c") == .allowed)
  }

  @Test("at most 7 a week (Monday to Sunday)")
  func weekly() async throws {
    // Monday 2027-03-08.
    let (limiter, clock) = Self.limiter(at: "2027-03-08 12:00")
    for day in 0..<7 {
      let decision = try await limiter.requestPermission(merchantID: "m\(day)")
      #expect(decision == .allowed, "day \(day)")
      if day < 6 { clock.advance(by: 86_400) }
    }
    // Sunday: already one today (the seventh).
    #expect(try await limiter.check(merchantID: "x") == .weeklyLimitReached)
    clock.advance(by: 86_400)  // Monday 2027-03-15
    #expect(try await limiter.requestPermission(merchantID: "x") == .allowed)
  }

  @Test("at most 20 a month; the first of the next month starts afresh")
  func monthly() async throws {
    // Monday 2027-01-11; three weeks of 7, 7 and 6 stay within the daily and weekly limits.
    let (limiter, clock) = Self.limiter(at: "2027-01-11 12:00")
    var shown = 0
    for (week, count) in [7, 7, 6].enumerated() {
      for index in 0..<count {
        let day = week * 7 + index / 2
        let target = Self.date("2027-01-11 12:00").addingTimeInterval(
          Double(day) * 86_400 + Double(index % 2) * 60)
        clock.advance(by: target.timeIntervalSince(clock.now))
        #expect(try await limiter.requestPermission(merchantID: "m\(shown)") == .allowed)
        shown += 1
      }
    }
    clock.advance(by: Self.date("2027-01-31 12:00").timeIntervalSince(clock.now))  // Sunday
    #expect(try await limiter.check(merchantID: "y") == .monthlyLimitReached)
    clock.advance(by: 86_400)  // Monday 2027-02-01
    #expect(try await limiter.check(merchantID: "y") == .allowed)
  }

  @Test("24 hours between two for the same merchant")
  func merchantCooldown() async throws {
    let (limiter, clock) = Self.limiter(at: "2027-03-10 12:00")
    #expect(try await limiter.requestPermission(merchantID: "shop") == .allowed)
    clock.advance(by: 86_400 - 1)
    #expect(
      try await limiter.check(merchantID: "shop")
        == .merchantCoolingDown(until: Self.date("2027-03-11 12:00")))
    #expect(try await limiter.check(merchantID: "other") == .allowed)
    clock.advance(by: 1)
    #expect(try await limiter.check(merchantID: "shop") == .allowed)
  }

  @Test("the history survives a restart")
  func persisted() async throws {
    let store = InMemoryKeyValueStore()
    let (first, _) = Self.limiter(at: "2027-03-10 12:00", store: store)
    _ = try await first.requestPermission(merchantID: "a")
    _ = try await first.requestPermission(merchantID: "b")
    let (restarted, _) = Self.limiter(at: "2027-03-10 15:00", store: store)
    #expect(try await restarted.check(merchantID: "c") == .dailyLimitReached)
    #expect(try await restarted.counts() == (day: 2, week: 2, month: 2))
  }

  @Test("limits are configurable")
  func configurable() async throws {
    let clock = ManualClock(start: Self.date("2027-03-10 23:00"))
    let limiter = NotificationLimiter(
      limits: NotificationLimits(perDay: 5, merchantCooldown: 0, allowedHours: 0..<24), store: nil,
      clock: clock, timeZone: Self.utc)
    for _ in 0..<5 {
      #expect(try await limiter.requestPermission(merchantID: "m") == .allowed)
    }
    #expect(try await limiter.requestPermission(merchantID: "m") == .dailyLimitReached)
  }

  /// Clients and lifecycle 5: a limit decided and recorded across an `await` is not
  /// atomic; the limiter decides and records without one.
  @Test("limits and counters that must be exact are decided and recorded atomically")
  func concurrentRequestsRespectTheLimit() async throws {
    let store = SlowKeyValueStore()
    let clock = ManualClock(start: Self.date("2027-03-10 12:00"))
    let limiter = NotificationLimiter(
      limits: NotificationLimits(perDay: 5, perWeek: 500, perMonth: 500, merchantCooldown: 0),
      store: store, clock: clock, timeZone: Self.utc)
    let allowed = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<100 {
        group.addTask {
          (try? await limiter.requestPermission(merchantID: "m\(index)").isAllowed) ?? false
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(allowed == 5)
    #expect(try await limiter.counts().day == 5)
    let (restarted, _) = Self.limiter(at: "2027-03-10 15:00", store: store)
    #expect(try await restarted.counts().day == 5)
  }

  @Test("a record that could not be persisted is taken back")
  func failedPersistIsRolledBack() async throws {
    let store = SlowKeyValueStore()
    let clock = ManualClock(start: Self.date("2027-03-10 12:00"))
    let limiter = NotificationLimiter(store: store, clock: clock, timeZone: Self.utc)
    await store.setFailing(true)
    await #expect(throws: (any Error).self) {
      try await limiter.requestPermission(merchantID: "a")
    }
    await store.setFailing(false)
    #expect(try await limiter.counts().day == 0)
    #expect(try await limiter.requestPermission(merchantID: "a") == .allowed)
  }
}

/// A key-value store that suspends on every call, as a disk-backed one does, and can be
/// told to fail its writes.
private actor SlowKeyValueStore: KeyValueStore {
  private var values: [String: Data] = [:]
  private var failing = false

  func setFailing(_ value: Bool) { failing = value }

  func data(forKey key: String) async throws -> Data? {
    await Task.yield()
    return values[key]
  }

  func set(_ data: Data, forKey key: String) async throws {
    await Task.yield()
    if failing { throw CancellationError() }
    values[key] = data
  }

  func removeValue(forKey key: String) async throws {
    await Task.yield()
    values[key] = nil
  }

  func keys() async throws -> [String] { values.keys.sorted() }
}
