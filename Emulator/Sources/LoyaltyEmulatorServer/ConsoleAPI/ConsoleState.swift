import Foundation
import LoyaltyCore
import LoyaltySandbox

/// The backend's state as the console's State page shows it (`GET /_emulator/api/state`).
struct ConsoleState {
  let backend: SandboxBackend
  /// The pushes sent from the Actions page.
  let pushes: [JSONValue]
  /// Changes whenever the state may have changed.
  let version: Int
  let clockOffset: TimeInterval

  var json: JSONValue {
    let users = backend.users
    let now = backend.configuration.clock.now
    let counters = backend.counters
    return [
      "version": .integer(version),
      "clockOffset": .number(clockOffset),
      "users": .array(
        users.map { user in
          [
            "id": .string(user.id), "email": .string(user.email),
            "name": .string("\(user.firstName) \(user.lastName)"), "points": .integer(user.points),
            "tier": .string(user.tier), "marketPass": .string(user.marketPassBarcode),
          ]
        }),
      "coupons": .array(
        users.flatMap { user in
          user.coupons.map { coupon in
            [
              "id": .string(coupon.code), "user": .string(user.email),
              "code": .string(coupon.barcode), "couponSet": .string(coupon.couponSetUUID),
              "status": .string(Self.status(coupon, at: now)),
              "expiration": .string(LoggedExchange.timestamp(coupon.expiration)),
            ]
          }
        }),
      "couponSets": .array(
        backend.catalog.couponSets.map {
          ["id": .string($0.uuid), "name": .string($0.name.english), "points": .integer($0.points)]
        }),
      "campaigns": .array(
        backend.catalog.campaigns.map {
          [
            "id": .string($0.sessionUUID), "title": .string($0.title.english),
            "category": .string($0.offerCategory),
          ]
        }),
      "merchants": .array(
        backend.catalog.merchants.map {
          ["id": .string($0.uuid), "name": .string($0.name), "category": .string($0.categoryUUID)]
        }),
      "pointsOfInterest": .array(
        backend.pointsOfInterest.map {
          [
            "id": .integer(Int($0.id)), "name": .string($0.name),
            "latitude": $0.latitude.map { .number($0) } ?? .null,
            "longitude": $0.longitude.map { .number($0) } ?? .null,
          ]
        }),
      "cards": .array(
        users.flatMap { user in
          user.cards.map { card in
            [
              "user": .string(user.email), "id": .string(card.token),
              "number": .string("•••• \(card.last4)"), "issuer": .string(card.issuer),
            ]
          }
        }),
      "analytics": analytics(counters),
      "devices": .array(
        backend.deviceRegistrations.map {
          [
            "id": .string($0.deviceID), "pushToken": $0.pushToken.map { .string($0) } ?? .null,
            "platform": $0.info["platform"]?.stringValue.map { .string($0) } ?? .null,
          ]
        }),
      "idempotency": .array(
        backend.idempotencyRecords.map {
          [
            "key": .string($0.key), "method": .string($0.method), "path": .string($0.path),
            "caller": .string($0.caller), "status": .integer($0.status),
          ]
        }),
      "pushes": .array(pushes),
    ]
  }

  /// The most analytics events listed, newest last.
  static let analyticsShown = 200

  private func analytics(_ counters: SandboxCounters) -> JSONValue {
    let events = backend.analyticsEvents.suffix(Self.analyticsShown).map { event -> JSONValue in
      [
        "name": Self.text(event, "event_name", "name"),
        "id": Self.text(event, "event_id", "id"),
        "time": Self.text(event, "time_submitted", "timestamp"),
      ]
    }
    return [
      "received": .integer(counters.analyticsEventsReceived),
      "accepted": .integer(counters.analyticsEventsAccepted),
      "duplicates": .integer(counters.analyticsDuplicates),
      "rejected": .integer(counters.analyticsRejected),
      "events": .array(events),
    ]
  }

  /// The first of `names` the event has, as text; `null` when it has none.
  private static func text(_ event: JSONValue, _ names: String...) -> JSONValue {
    for name in names {
      if let value = event[name]?.looseString { return .string(value) }
    }
    return .null
  }

  /// `redeemed`, `expired` or `active`, as the till would judge the coupon `now`.
  static func status(_ coupon: SandboxCoupon, at now: Date) -> String {
    if coupon.redeemedDate != nil || coupon.status == 0 { return "redeemed" }
    return coupon.isActive(at: now) ? "active" : "expired"
  }
}
