import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Signed `coupon.redeem` requests for one of a fixture user's active coupons, sent
/// straight to the backend through `SandboxTransport`, with or without an
/// `Idempotency-Key`: the tests see every header of the answer, and no client retries.
struct RedemptionRequests {
  let harness: SandboxHarness
  let email: String
  let accessToken: String
  let coupon: SandboxCoupon
  let couponSet: SandboxCouponSet
  let merchant: String

  /// Logs fixture user `index` in without a request and picks their first active coupon.
  init(_ harness: SandboxHarness, user index: Int = 1) throws {
    let email = SandboxFixtures.userEmail(index)
    let tokens = try #require(harness.backend.issueTokens(email: email))
    let user = try #require(harness.backend.user(email: email))
    let coupon = try #require(user.coupons.first { $0.isActive(at: harness.clock.now) })
    let couponSet = try #require(harness.backend.catalog.couponSet(uuid: coupon.couponSetUUID))
    self.harness = harness
    self.email = email
    self.accessToken = tokens.accessToken
    self.coupon = coupon
    self.couponSet = couponSet
    self.merchant = try #require(couponSet.shopAvailability.first)
  }

  /// The user as the backend holds them now.
  var user: SandboxUser? { harness.backend.user(email: email) }

  /// A redemption of the coupon at `merchant` (the coupon set's first by default).
  func request(key: String?, merchant: String? = nil) throws -> HTTPRequest {
    var headers: HTTPHeaders = ["Authorization": "Bearer \(accessToken)"]
    if let key {
      headers.add(name: IdempotencyKey.headerName, value: key)
    }
    let fields: JSONValue = [
      "coupon": [
        "action": "redeem", "product_uuid": .string(couponSet.uuid),
        "merchant_id": .string(merchant ?? self.merchant), "product_id": .string(coupon.code),
      ]
    ]
    return try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/context", json: fields, headers: headers)
  }

  /// Sends a redemption and returns the whole answer.
  func send(key: String?, merchant: String? = nil) async throws -> HTTPResponse {
    try await SandboxTransport(harness.backend).send(request(key: key, merchant: merchant))
  }
}

extension HTTPResponse {
  /// The body as JSON.
  var json: JSONValue? { try? JSONValue(parsing: body) }

  /// Whether the answer says it is the replay of an earlier one.
  var isReplayed: Bool {
    headers[SandboxBackend.idempotentReplayedHeader] == "true"
  }
}
