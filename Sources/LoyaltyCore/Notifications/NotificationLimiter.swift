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
///
/// It lives in Core so that LoyaltyPush and LoyaltyLocation both use it without one
/// importing the other; a client shares one through
/// ``CapabilityKey/notificationLimiter``.
public actor NotificationLimiter {
  private struct Entry: Codable, Equatable {
    let date: Date
    let merchantID: String

    init(date: Date, merchantID: String) {
      self.date = date
      self.merchantID = merchantID
    }

    /// Decodes an entry; both fields are required.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: FieldKey.self)
      date = try container.decode("date")
      merchantID = try container.decode("merchantID")
    }

    /// Encodes both fields.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: FieldKey.self)
      try container.encode(date, "date")
      try container.encode(merchantID, "merchantID")
    }
  }

  /// The key the history is kept under (named when the limiter lived in LoyaltyPush;
  /// kept, so a history written then still counts).
  public static let storageKey = "loyalty.push.notification-history"

  /// The limits applied.
  public let limits: NotificationLimits
  private let store: (any KeyValueStore)?
  private let clock: any LoyaltyClock
  private let calendar: Calendar
  private var history: [Entry]?
  /// Whether a write to the store is in flight, and the writes waiting for it: one at a
  /// time, each with the history as it is when it starts, so the last write holds every
  /// record (two in flight could arrive out of order and lose one).
  private var isWriting = false
  private var waitingWriters: [CheckedContinuation<Void, Never>] = []

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
  ///
  /// The decision and the record are made together, without a suspension between them:
  /// concurrent calls never let more notifications through than the limits allow. The
  /// record is kept in memory first, then persisted; when persisting fails it is taken
  /// back and the error is thrown.
  public func requestPermission(merchantID: String) async throws -> LimitDecision {
    let entries = try await loadHistory()
    // No `await` from here until the entry is reserved in `history`.
    let now = clock.now
    let decision = decide(merchantID: merchantID, at: now, history: entries)
    guard decision.isAllowed else { return decision }
    let entry = Entry(date: now, merchantID: merchantID)
    reserve(entry, now: now)
    try await persist(reserved: entry)
    return decision
  }

  /// Records a notification shown for `merchantID` now.
  public func record(merchantID: String) async throws {
    _ = try await loadHistory()
    let now = clock.now
    let entry = Entry(date: now, merchantID: merchantID)
    reserve(entry, now: now)
    try await persist(reserved: entry)
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

  /// Forgets every notification shown: in memory and in the store (the user turned
  /// location off, or erased the SDK's data). The limits count from zero again.
  /// - Throws: What the store throws.
  public func eraseHistory() async throws {
    history = []
    guard let store else { return }
    await startWriting()
    defer { finishWriting() }
    try await store.removeValue(forKey: Self.storageKey)
  }

  /// The history, read from the store the first time.
  private func loadHistory() async throws -> [Entry] {
    if let history { return history }
    let loaded = try await store?.value([Entry].self, forKey: Self.storageKey) ?? []
    // Another call may have loaded (and added to) the history while this one waited.
    if let history { return history }
    history = loaded
    return loaded
  }

  /// Adds `entry` to the history in memory, keeping what any rule can still need: the
  /// last month and a cool-down. Synchronous, so a decision and its record are atomic.
  private func reserve(_ entry: Entry, now: Date) {
    let horizon = now.addingTimeInterval(-max(32 * 86_400, limits.merchantCooldown))
    history = ((history ?? []) + [entry]).filter { $0.date >= horizon }
  }

  /// Writes the history to the store; when that fails, takes `entry` back out.
  private func persist(reserved entry: Entry) async throws {
    guard let store else { return }
    await startWriting()
    defer { finishWriting() }
    do {
      try await store.set(history ?? [], forKey: Self.storageKey)
    } catch {
      if let index = history?.lastIndex(of: entry) {
        history?.remove(at: index)
      }
      throw error
    }
  }

  /// Waits until no other write is in flight, then holds the store for this one.
  private func startWriting() async {
    while isWriting {
      await withCheckedContinuation { waitingWriters.append($0) }
    }
    isWriting = true
  }

  /// Lets the next waiting write start.
  private func finishWriting() {
    isWriting = false
    if !waitingWriters.isEmpty {
      waitingWriters.removeFirst().resume()
    }
  }
}
