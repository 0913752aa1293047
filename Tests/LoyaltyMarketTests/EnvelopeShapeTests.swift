import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Testing

/// The envelope rule: every member of an answer is found inside `context` or at the top
/// level, for every call the market decodes in one pass.
@Suite("The envelope, both shapes, every call")
struct EnvelopeShapeTests {
  enum Shape: String, CaseIterable, Sendable {
    case context, flat

    /// `members` laid out in this shape, with `status` at the top level.
    func body(_ members: [String: JSONValue], status: JSONValue = "1") throws -> HTTPResponse {
      var object: [String: JSONValue]
      switch self {
      case .context: object = ["context": .object(members)]
      case .flat: object = members
      }
      object["status"] = status
      return HTTPResponse(status: 200, body: try JSONValue.object(object).jsonData())
    }
  }

  static let campaign: JSONValue = [
    "session_uuid": "s1", "title": "Spring", "subtitle": "20%", "offer_category": "food",
    "campaign_type": "coupon", "couponset": "set-1", "sorting": "2", "carousel": "false",
  ]
  static let couponSet: JSONValue = [
    "uuid": "set-1", "name": "Coffee", "description": "A cup", "terms": "t",
    "discount": "1.50", "discount_type": "value", "final_price": "3.00",
    "couponset_type": "standard", "merchant_uuid": "m1", "shop_availability": ["m1"],
    "points": "40",
  ]
  static let coupon: JSONValue = [
    "coupon": "C-1", "barcode": "1234567890123", "couponset_uuid": "set-1", "name": "Coffee",
    "discount": "1.50", "status": 1,
  ]
  static let merchant: JSONValue = [
    "uuid": "m1", "name": "Shop", "description": "d", "category": "c1", "address": "a",
    "city": "Athens", "postal_code": "1", "telephone": "2", "default_shown": true,
    "tags": ["x"],
  ]
  static let card: JSONValue = [
    "token": "tok-1", "card_number": "**** 1111", "last4": "1111", "card_issuer": "visa",
    "cardholder": "M", "expiration_month": "12", "expiration_year": "2031",
  ]
  static let profile: JSONValue = [
    "uuid": "u1", "email": "a@b.test", "firstname": "A", "lastname": "B", "display_name": "A B",
    "msisdn": "69", "gender": "other", "language": "en", "points": "500", "tier": "gold",
    "verified": true, "subscribed": false,
  ]
  static let entry: JSONValue = [
    "entry_uuid": "e1", "entry_date": "2026-01-01 10:00:00", "points": "10", "type": "earn",
    "description": "d", "balance": "500",
  ]
  static let transaction: JSONValue = [
    "transaction_uuid": "t1", "transaction_date": "2026-01-01 10:00:00", "type": "purchase",
    "merchant_uuid": "m1", "merchant_name": "Shop", "amount": "3.50", "points": "4",
  ]
  static let pass: JSONValue = [
    "pass_uuid": "p1", "barcode": "1234567890123", "barcode_type": "EAN13", "status": "active",
    "total_discount": "1.50", "available_coupons": 2, "supermarkets": ["s"],
  ]

  /// Decodes `members` in `shape` through `endpoint`, with a collector that must stay
  /// empty.
  func decode<T>(
    _ shape: Shape, _ members: [String: JSONValue],
    _ endpoint: (DriftCollector) -> Endpoint<T>
  ) throws -> T {
    let collector = DriftCollector()
    let value = try NetworkClient.decode(try shape.body(members), for: endpoint(collector))
    #expect(collector.recorded.isEmpty, "\(collector.recorded)")
    return value
  }

  @Test(
    "domain answers: campaigns, coupons, sets, availability, shops, content",
    arguments: Shape.allCases)
  func domains(shape: Shape) throws {
    let campaigns = try decode(
      shape,
      ["MAPP_CAMPAIGNING": ["campaigns": [Self.campaign]], "MAPP_CAMPAIGNING-status": 1]
    ) { MarketEndpoints.campaigns.endpoint(("en", [:]), drift: $0) }
    #expect(campaigns.map(\.sessionUUID) == ["s1"])
    let single = try decode(
      shape, ["MAPP_CAMPAIGNING": ["campaign": Self.campaign], "MAPP_CAMPAIGNING-status": 1]
    ) { MarketEndpoints.singleCampaign.endpoint(("s1", "en"), drift: $0) }
    #expect(single.sorting == 2)
    let sets = try decode(
      shape, ["MAPP_COUPON": ["couponsets": [Self.couponSet]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.couponSets.endpoint(("en", nil, nil), drift: $0) }
    #expect(sets.first?.pointsIfSent == 40)
    let availability = try decode(
      shape, ["MAPP_COUPON": ["availability": ["set-1": 0]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.availability.endpoint(["set-1"], drift: $0) }
    #expect(availability == ["set-1": 0])
    let coupons = try decode(
      shape, ["MAPP_COUPON": ["coupons": [Self.coupon]], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.userCoupons.endpoint("en", drift: $0) }
    #expect(coupons.first?.code == "C-1")
    let validation = try decode(
      shape, ["MAPP_COUPON": ["valid": true, "coupon": Self.coupon], "MAPP_COUPON-status": 1]
    ) { MarketEndpoints.validateCoupon.endpoint("C-1", drift: $0) }
    #expect(validation.isValid)
    let redemption = try decode(
      shape,
      [
        "MAPP_COUPON": ["coupon": Self.coupon, "points": "460", "points_spent": 40],
        "MAPP_COUPON-status": 1,
      ]
    ) {
      MarketEndpoints.redeemCoupon.endpoint(("set-1", "m1", nil), drift: $0)
    }
    #expect(redemption.pointsBalance == 460)
    let history = try decode(
      shape,
      [
        "MAPP_COUPON": ["total_redeemed_value": "1.5", "redeemed_coupons": [Self.coupon]],
        "MAPP_COUPON-status": 1,
      ]
    ) { MarketEndpoints.redeemedSupermarketHistory.endpoint("en", drift: $0) }
    #expect(history.coupons.count == 1)
    let shops = try decode(
      shape, ["MAPP_SHOPS": ["shops": [Self.merchant]], "MAPP_SHOPS-status": 1]
    ) { MarketEndpoints.merchants.endpoint(("en", MerchantFilters()), drift: $0) }
    #expect(shops.first?.city == "Athens")
    let categories = try decode(
      shape,
      [
        "MAPP_SHOPS": ["categories": [["uuid": "c1", "name": "Food", "admin_name": "food"]]],
        "MAPP_SHOPS-status": 1,
      ]
    ) { MarketEndpoints.merchantCategories.endpoint("en", drift: $0) }
    #expect(categories.first?.adminName == "food")
    let articles = try decode(
      shape,
      [
        "MAPP_CONTENT": [
          "articles": [
            [
              "uuid": "a1", "title": "T", "subtitle": "S", "body": "B", "category": "news",
              "tags": [], "sorting": 1,
            ]
          ]
        ],
        "MAPP_CONTENT-status": 1,
      ]
    ) { MarketEndpoints.articles.endpoint(("en", nil), drift: $0) }
    #expect(articles.first?.id == "a1")
  }

  @Test(
    "result answers: profile, points history, transactions, cards, market pass",
    arguments: Shape.allCases)
  func results(shape: Shape) throws {
    let profile = try decode(shape, ["result": Self.profile]) {
      MarketEndpoints.profile.endpoint(drift: $0)
    }
    #expect(profile.pointsIfSent == 500)
    let points = try decode(
      shape, ["result": ["points_history": [Self.entry], "balance": "500"]]
    ) { MarketEndpoints.pointsHistory.endpoint(drift: $0) }
    #expect(points.entries.count == 1)
    #expect(points.balanceIfSent == 500)
    let transactions = try decode(shape, ["result": ["transactions": [Self.transaction]]]) {
      MarketEndpoints.transactions.endpoint("minimal", drift: $0)
    }
    #expect(transactions.first?.pointsIfSent == 4)
    let cards = try decode(shape, ["result": ["cards": [Self.card]]]) {
      MarketEndpoints.cards.endpoint(drift: $0)
    }
    #expect(cards.first?.token == "tok-1")
    let added = try decode(shape, ["result": ["card": Self.card]]) {
      MarketEndpoints.addCard.endpoint(
        NewCard(
          number: "4111111111111111", issuer: "visa", holder: "M", expirationMonth: "12",
          expirationYear: "2031"), drift: $0)
    }
    #expect(added.last4 == "1111")
    let pass = try decode(shape, ["result": Self.pass]) {
      MarketEndpoints.marketPass.endpoint(drift: $0)
    }
    #expect(pass.availableCouponsIfSent == 2)
  }

  @Test("status answers: delete card, user calls", arguments: Shape.allCases)
  func statusAnswers(shape: Shape) throws {
    let deleted = try NetworkClient.decode(
      try shape.body(["msg": "deleted"]), for: MarketEndpoints.deleteCard.endpoint("t"))
    #expect(deleted.status == 1)
    #expect(deleted.message == "deleted")
    let otp = try NetworkClient.decode(
      try shape.body(["otp_uuid": "o1", "expires_in": 300]),
      for: MarketEndpoints.requestOTP.endpoint(""))
    #expect(otp["otp_uuid"] == "o1")
    #expect(otp["expires_in"]?.looseInt == 300)
  }

  @Test(
    "a declined answer's status and message are found in either place", arguments: Shape.allCases)
  func declined(shape: Shape) throws {
    let response = try shape.body(
      ["msg": "Not enough points", "MAPP_COUPON-status": 0], status: "0")
    let error = try #require(throws: LoyaltyError.self) {
      _ = try NetworkClient.decode(
        response,
        for: MarketEndpoints.redeemCoupon.endpoint(("s", "m", nil)))
    }
    #expect(error.code == .serverStatus)
    #expect(error.message.contains("Not enough points"), "\(error)")
  }

  @Test("a status only inside context is the envelope's status")
  func statusInsideContext() throws {
    let body = Data(#"{"context": {"status": "1", "result": {"cards": []}}}"#.utf8)
    let cards = try NetworkClient.decode(
      HTTPResponse(status: 200, body: body), for: MarketEndpoints.cards.endpoint())
    #expect(cards.isEmpty)
    let envelope = try ResponseEnvelope(httpStatus: 200, body: body)
    #expect(envelope.status == 1)
  }

  @Test("an answer without its payload names the call and the member")
  func missingPayload() throws {
    let error = try #require(throws: LoyaltyError.self) {
      _ = try NetworkClient.decode(
        try Shape.context.body([:]), for: MarketEndpoints.profile.endpoint())
    }
    #expect(error.code == .missingField)
    #expect(error.metadata["call"] == "profile")
    #expect(error.metadata["field"] == "result")
  }

  @Test("a domain that is the list itself is read, and reported as an unexpected shape")
  func bareList() throws {
    let collector = DriftCollector()
    let campaigns = try NetworkClient.decode(
      try Shape.context.body([
        "MAPP_CAMPAIGNING": [Self.campaign, "junk"], "MAPP_CAMPAIGNING-status": 1,
      ]),
      for: MarketEndpoints.campaigns.endpoint(("en", [:]), drift: collector))
    #expect(campaigns.map(\.sessionUUID) == ["s1"])
    #expect(collector.recorded[.init(field: "MAPP_CAMPAIGNING", kind: .unexpectedShape)] == 1)
    #expect(
      collector.recorded[.init(field: "MAPP_CAMPAIGNING.campaigns", kind: .unreadable)] == 1,
      "the element that is not a campaign is skipped and reported")
  }
}
