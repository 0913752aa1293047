import Foundation
import LoyaltyCore
import LoyaltyLocation
import Testing

@Suite("Notification decision on entry")
struct EntryNotificationTests {
  @Test("allowed: a typed event to show, and analytics for the entry and the notification")
  func allowed() async throws {
    let harness = Harness()
    let result = try await harness.center.update(harness.fix(east: 0))
    #expect(result.notifications.map(\.decision) == [.allowed])
    let requested = harness.events.events(of: OfferNotificationRequested.self)
    #expect(requested.map(\.pointOfInterest.id) == [1])
    #expect(requested.first?.title == "Offer 1")
    #expect(requested.first?.identifier == "loyalty.offer.1")
    #expect(
      harness.analytics.names == [
        LocationCenter.entryAnalyticsEvent, LocationCenter.notificationAnalyticsEvent,
      ])
  }

  @Test("refused: the same merchant within 24 h, with the reason and no 'shown' analytics")
  func merchantCooldown() async throws {
    let harness = Harness()
    try await harness.send(east: 0)
    harness.clock.advance(by: 600)
    let second = try await harness.center.update(harness.fix(east: 500, at: 600))
    guard case .merchantCoolingDown(let until)? = second.notifications.first?.decision else {
      Issue.record("expected a cool-down, got \(second.notifications)")
      return
    }
    #expect(until == Town.noon.addingTimeInterval(86_400))
    let refused = harness.events.events(of: OfferNotificationRefused.self)
    #expect(refused.map(\.pointOfInterest.id) == [2])
    #expect(refused.first?.attributes["reason"] == "merchant_cooldown")
    #expect(
      harness.analytics.names.filter { $0 == LocationCenter.notificationAnalyticsEvent }.count
        == 1)
    #expect(
      harness.analytics.names.filter { $0 == LocationCenter.entryAnalyticsEvent }.count == 2)
  }

  @Test("refused outside 10:00-20:00 in the user's time zone")
  func quietHours() async throws {
    // 18:00 UTC is 21:00 in Athens in July.
    let harness = Harness(start: Date(timeIntervalSince1970: 1_815_588_000))
    let result = try await harness.center.update(harness.fix(east: 0))
    #expect(result.notifications.map(\.decision) == [.outsideAllowedHours])
    // The same instant is 18:00 in London: allowed there.
    let london = Harness(
      start: Date(timeIntervalSince1970: 1_815_588_000),
      timeZone: try #require(TimeZone(identifier: "Europe/London")))
    let allowed = try await london.center.update(london.fix(east: 0))
    #expect(allowed.notifications.map(\.decision) == [.allowed])
  }

  @Test("at most 2 a day: a third merchant the same day is refused")
  func dailyLimit() async throws {
    let shops = [
      Town.shop(1, east: 0, merchant: "a"), Town.shop(2, east: 500, merchant: "b"),
      Town.shop(3, east: 1_000, merchant: "c"),
    ]
    let harness = Harness(shops: shops)
    var decisions: [LimitDecision] = []
    for (index, east) in [0.0, 500, 1_000].enumerated() {
      let result = try await harness.center.update(harness.fix(east: east, at: Double(index) * 60))
      decisions += result.notifications.map(\.decision)
    }
    #expect(decisions == [.allowed, .allowed, .dailyLimitReached])
  }

  @Test(
    "the allowed hours follow daylight saving time",
    arguments: [
      // Spring: 08:30 UTC is 09:30 CET the day before the change, 10:30 CEST on the day.
      (1_806_136_200.0, LimitDecision.outsideAllowedHours),
      (1_806_222_600.0, LimitDecision.allowed),
      // Autumn: 18:30 UTC is 20:30 CEST the day before the change, 19:30 CET on the day.
      (1_824_921_000.0, LimitDecision.outsideAllowedHours),
      (1_825_007_400.0, LimitDecision.allowed),
    ])
  func daylightSaving(instant: Double, expected: LimitDecision) async throws {
    let harness = Harness(
      start: Date(timeIntervalSince1970: instant),
      timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
    let result = try await harness.center.update(harness.fix(east: 0))
    #expect(result.notifications.map(\.decision) == [expected])
  }

  @Test(
    "concurrent entries never let more through than the limits: decided and recorded atomically")
  func atomic() async throws {
    let shops = (0..<10).map {
      Town.shop(Int64($0 + 1), east: Double($0) * 1_000, merchant: "m\($0)")
    }
    let store = InMemoryKeyValueStore()
    let clock = ManualClock(start: Town.noon)
    let limiter = NotificationLimiter(store: store, clock: clock, timeZone: Town.athens)
    // Ten centers (ten fence states) sharing one limiter, all entering at once.
    let centers = shops.map { shop in
      LocationCenter(
        pointsOfInterest: InMemoryPointOfInterestStore([shop]), store: InMemoryKeyValueStore(),
        limiter: limiter, clock: clock)
    }
    let decisions = try await withThrowingTaskGroup(of: [LimitDecision].self) { group in
      for (center, shop) in zip(centers, shops) {
        group.addTask {
          try await center.update(
            LocationUpdate(
              latitude: shop.latitude, longitude: shop.longitude, horizontalAccuracy: 5,
              timestamp: Town.noon)
          ).notifications.map(\.decision)
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(decisions.count == 10)
    #expect(decisions.filter(\.isAllowed).count == 2)
    #expect(try await limiter.counts().day == 2)
  }
}
