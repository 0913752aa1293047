import Foundation
import Testing

@testable import LoyaltyEvents

/// What ``EventAges`` remembers at its limit: the older half goes when it is full, the
/// event exactly at the cut stays, and a full memory takes in no event seen on the wall
/// clock.
@Suite("EventAges at its limit")
struct EventAgesTests {
  static let stamp = Date(timeIntervalSince1970: 1_800_000_000)

  /// The age of `id`, stamped `stamp`, a day later on the wall clock, at monotonic time
  /// 1,000 s: 86,400 s when it is not remembered (judged on its timestamp).
  static func age(_ ages: EventAges, _ id: String, days: Double = 1) -> TimeInterval {
    ages.age(
      of: id, timestamp: stamp, now: stamp.addingTimeInterval(days * 86_400),
      monotonicTime: 1_000)
  }

  @Test("full, it forgets the older half and keeps the event at the cut")
  func fullForgetsTheOlderHalf() {
    let ages = EventAges(limit: 4)
    for index in 1...4 { ages.record("e\(index)", at: Double(index)) }
    // Full at 4: this record cuts at the third-oldest time (3) and keeps it.
    ages.record("e5", at: 5)
    #expect(Self.age(ages, "e3") == 997, "the event at the cut is remembered")
    #expect(Self.age(ages, "e1") == 86_400, "an older one is judged on its timestamp")
  }

  @Test("one below its limit, it still forgets nothing")
  func oneBelowTheLimitKeepsAll() {
    let ages = EventAges(limit: 4)
    for index in 1...3 { ages.record("e\(index)", at: Double(index)) }
    ages.record("e4", at: 4)
    #expect(Self.age(ages, "e1") == 999)
  }

  @Test("an event seen on the wall clock is remembered only while there is room")
  func wallClockEventsOnlyWhileThereIsRoom() {
    let room = EventAges(limit: 4)
    for index in 1...3 { room.record("e\(index)", at: Double(index)) }
    #expect(Self.age(room, "seen") == 86_400)
    // Remembered as tracked a day before monotonic time 1,000: still a day old.
    #expect(Self.age(room, "seen", days: 2) == 86_400)

    let full = EventAges(limit: 4)
    for index in 1...4 { full.record("e\(index)", at: Double(index)) }
    #expect(Self.age(full, "seen") == 86_400)
    // Not remembered: judged on its timestamp again.
    #expect(Self.age(full, "seen", days: 2) == 172_800)
  }
}
