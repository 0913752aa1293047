import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// The calls the end-to-end tests make, written from `Docs/API.md`.
enum Calls {
  static func campaigns() -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      body: .wrapped("campaigns", ["action": "retrieve", "language": "en", "filters": [:]]),
      isIdempotent: true, check: .domain("MAPP_CAMPAIGNING"))
  }

  static func coupons() -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "coupons", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped(
        "coupon", ["action": "user_coupons", "details": ["merchant"], "language": "en"]),
      isIdempotent: true, check: .domain("MAPP_COUPON"))
  }

  static func redeem(couponSet: String, merchant: String, code: String)
    -> Endpoint<ResponseEnvelope>
  {
    Endpoint(
      name: "redeemCoupon", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped(
        "coupon",
        [
          "action": "redeem", "product_uuid": .string(couponSet),
          "merchant_id": .string(merchant), "product_id": .string(code),
        ]),
      check: .domain("MAPP_COUPON"))
  }

  static func profile() -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]),
      isIdempotent: true)
  }

  /// An analytics batch, sent gzip-compressed.
  static func analytics(_ ids: [String]) -> Endpoint<ResponseEnvelope> {
    let events: [JSONValue] = ids.map {
      [
        "event_id": .string($0), "name": "custom_success_campaigns_loyalty",
        "timestamp": "2026-11-21T10:00:00.123Z", "parameters": ["count": "12"],
      ]
    }
    return Endpoint(
      name: "analytics", method: .post, path: "/api/async/analytics/{appUUID}/",
      body: .json(["events": .array(events)]), isIdempotent: true,
      headers: ["Content-Encoding": "gzip"])
  }
}
