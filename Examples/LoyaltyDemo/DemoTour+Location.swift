import Foundation
import LoyaltyCore
import LoyaltyLocation

extension DemoTour {
  /// 11:00 UTC on Wednesday 2027-07-14: 14:00 in Athens.
  static let walkStart = Date(timeIntervalSince1970: 1_815_562_800)

  /// Step 12: the stores synced into the client's store, the regions to monitor, and a
  /// walk past three stores: one notified, one refused by the merchant's cool-down, one
  /// refused by the quiet hours.
  func location(_ report: inout DemoReport) async throws {
    report.section("12. Geofenced offers")
    let location = try client.location
    let sync = try await report.step("sync points of interest") {
      try await location.syncPointsOfInterest()
    }
    report.line(
      "\(sync.full ? "full" : "incremental") sync to version \(sync.version): "
        + "\(sync.upserted) stores in, \(sync.removed) removed, \(sync.skippedCount) skipped")
    let athens = GeoPoint(latitude: 37.9838, longitude: 23.7275)
    let stores = try await location.pointsOfInterest.nearest(to: athens, limit: 200)
    let walk = try DemoWalk(stores: stores)
    let selection = try await location.regionsToMonitor(near: walk.first.center, limit: 20)
    report.line(
      "\(selection.regions.count) regions to monitor near \(walk.first.name), "
        + "chosen again after \(Int(selection.refreshDistance)) m")

    // The walk runs on a simulated clock and a fence state of its own, so what the
    // limiter says does not depend on when the demo runs or on earlier runs; its events
    // and analytics go to this client's bus and pipeline.
    let clock = ManualClock(start: Self.walkStart)
    let zone = TimeZone(identifier: "Europe/Athens") ?? TimeZone(secondsFromGMT: 10_800) ?? .gmt
    let walker = LocationCenter(
      pointsOfInterest: InMemoryPointOfInterestStore([walk.first, walk.second, walk.third]),
      store: InMemoryKeyValueStore(),
      limiter: NotificationLimiter(store: nil, clock: clock, timeZone: zone),
      events: try client.resolveIfPresent(.eventSink),
      analytics: try client.resolveIfPresent(.analytics), clock: clock)
    var seconds = 0.0
    var outcomes: [LimitDecision] = []
    for (store, pause, time) in [
      (walk.first, 0.0, "14:00"), (walk.second, 1_800.0, "14:30"), (walk.third, 25_200.0, "21:30"),
    ] {
      clock.advance(by: pause)
      for north in [-400.0, 0] {
        seconds += 60
        let result = try await walker.update(
          LocationUpdate(
            latitude: store.latitude + north / GeoDistance.metresPerDegree,
            longitude: store.longitude, horizontalAccuracy: 10,
            timestamp: Self.walkStart.addingTimeInterval(seconds)))
        for entry in result.notifications {
          outcomes.append(entry.decision)
          report.line("\(time) at \(store.name): \(Self.describe(entry.decision))")
        }
      }
    }
    guard outcomes.count == 3, outcomes[0] == .allowed,
      case .merchantCoolingDown = outcomes[1], outcomes[2] == .outsideAllowedHours
    else {
      throw LoyaltyError(.internalInconsistency, "The walk's decisions were \(outcomes).")
    }
  }

  static func describe(_ decision: LimitDecision) -> String {
    switch decision {
    case .allowed: "entered; notification shown"
    case .merchantCoolingDown: "entered; refused, the merchant was notified less than 24 h ago"
    case .outsideAllowedHours: "entered; refused, outside 10:00-20:00"
    default: "entered; refused (\(decision.reasonName))"
    }
  }
}

/// Three stores to walk past: two of one merchant (or one store twice), then one of
/// another merchant.
struct DemoWalk {
  let first: PointOfInterest
  let second: PointOfInterest
  let third: PointOfInterest

  init(stores: [PointOfInterest]) throws {
    let branches = Dictionary(grouping: stores, by: \.merchantID).values
      .filter { $0.count > 1 }.min { $0[0].id < $1[0].id }
    guard let first = branches?.first ?? stores.first,
      let third = stores.first(where: { $0.merchantID != first.merchantID })
    else { throw LoyaltyError(.internalInconsistency, "Too few stores to walk past.") }
    self.first = first
    self.second = branches?.dropFirst().first ?? first
    self.third = third
  }
}
