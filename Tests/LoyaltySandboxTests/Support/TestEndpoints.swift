import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// The calls the tests make, written from `Docs/API.md` as the market client will be.
enum TestEndpoints {
  static let standardContext = "/api/mobile/v2/{appUUID}/context/"
  static let authenticatedContext = "/oauth/{appUUID}/context"

  static func standard(
    _ name: String, _ domain: String, _ fields: [String: JSONValue], check: StatusCheck
  ) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: name, method: .post, path: standardContext, auth: .standard,
      body: .wrapped(domain, fields), isIdempotent: true, check: check)
  }

  static func authenticated(
    _ name: String, _ domain: String, _ fields: [String: JSONValue], check: StatusCheck,
    idempotent: Bool = true
  ) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: name, method: .post, path: authenticatedContext, auth: .bearer,
      body: .wrapped(domain, fields), isIdempotent: idempotent, check: check)
  }

  static func campaigns(language: String = "en", filters: [String: JSONValue] = [:])
    -> Endpoint<ResponseEnvelope>
  {
    standard(
      "campaigns", "campaigns",
      ["action": "retrieve", "language": .string(language), "filters": .object(filters)],
      check: .domain("MAPP_CAMPAIGNING"))
  }

  static func personalizedCampaigns() -> Endpoint<ResponseEnvelope> {
    authenticated(
      "personalizedCampaigns", "campaigns",
      ["action": "retrieve", "language": "en", "filters": [:]],
      check: .domain("MAPP_CAMPAIGNING"))
  }

  static func singleCampaign(_ sessionUUID: String) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "singleCampaign", method: .get, path: "/api/session/{sessionUuid}",
      parameters: ["sessionUuid": sessionUUID], check: .domain("MAPP_CAMPAIGNING"))
  }

  static func couponSets() -> Endpoint<ResponseEnvelope> {
    standard(
      "couponSets", "coupon", ["action": "retrieve_multilingual", "language": "en"],
      check: .domain("MAPP_COUPON"))
  }

  static func availability() -> Endpoint<ResponseEnvelope> {
    standard(
      "couponAvailability", "coupon", ["action": "availability"], check: .domain("MAPP_COUPON"))
  }

  static func coupons() -> Endpoint<ResponseEnvelope> {
    authenticated(
      "coupons", "coupon",
      ["action": "user_coupons", "details": ["merchant", "redemption"], "language": "en"],
      check: .domain("MAPP_COUPON"))
  }

  static func validate(_ code: String) -> Endpoint<ResponseEnvelope> {
    authenticated(
      "validateCoupon", "coupon", ["action": "validate", "coupon": .string(code)],
      check: .domain("MAPP_COUPON"))
  }

  static func redeem(couponSet: String, merchant: String, code: String? = nil)
    -> Endpoint<ResponseEnvelope>
  {
    var fields: [String: JSONValue] = [
      "action": "redeem", "product_uuid": .string(couponSet), "merchant_id": .string(merchant),
    ]
    fields["product_id"] = code.map(JSONValue.string)
    return authenticated(
      "redeemCoupon", "coupon", fields, check: .domain("MAPP_COUPON"), idempotent: false)
  }

  static func merchants(_ filters: [String: JSONValue] = [:]) -> Endpoint<ResponseEnvelope> {
    var fields = filters
    fields["action"] = "retrieve_multilingual"
    fields["language"] = "en"
    return standard("merchants", "shops", fields, check: .domain("MAPP_SHOPS"))
  }

  static func consumer(_ action: String, _ extra: [String: JSONValue] = [:])
    -> Endpoint<ResponseEnvelope>
  {
    var fields = extra
    fields["action"] = .string(action)
    return authenticated(action, "consumer_data", fields, check: .envelope)
  }

  static func cards(_ action: String, _ extra: [String: JSONValue] = [:])
    -> Endpoint<ResponseEnvelope>
  {
    var fields = extra
    fields["action"] = .string(action)
    return authenticated(action, "cards", fields, check: .envelope, idempotent: false)
  }

  static func analytics(_ events: [JSONValue]) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "analytics", method: .post, path: "/api/async/analytics/{appUUID}/",
      body: .json(["events": .array(events)]), isIdempotent: true,
      headers: ["Content-Encoding": "gzip"], check: .envelope)
  }

  static func event(_ id: String, name: String = "custom_success_campaigns_loyalty") -> JSONValue {
    [
      "event_id": .string(id), "name": .string(name), "timestamp": "2026-11-21T10:00:00.123Z",
      "parameters": ["count": "12"],
    ]
  }

  static func userManagement(_ action: String, _ fields: [String: JSONValue])
    -> Endpoint<ResponseEnvelope>
  {
    Endpoint(
      name: action, method: .post, path: "/user/{appUUID}/\(action)", body: .json(.object(fields)),
      check: .envelope)
  }
}

extension ResponseEnvelope {
  /// The array at `domain.key`.
  func list(_ domain: String, _ key: String) -> [JSONValue] {
    self[domain]?[key]?.arrayValue ?? []
  }
}
