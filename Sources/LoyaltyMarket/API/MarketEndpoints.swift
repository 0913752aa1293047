package import LoyaltyCore
package import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every market call, as an endpoint value. Bodies and answers follow `Docs/API.md`.
///
/// `package` so that the fuzz harness (Tests/LoyaltyFuzz) decodes answers through
/// exactly the endpoints the market sends.
package enum MarketEndpoints {
  static let standardPath = "/api/mobile/v2/{appUUID}/context/"
  static let authenticatedPath = "/oauth/{appUUID}/context"

  /// A context call: one wrapper key holding `action` and the fields.
  static func context<Domain: MarketDomain, Payload: Decodable & Sendable, Result: Sendable>(
    _ name: String,
    auth: AuthKind,
    wrapper: String,
    _ fields: [String: JSONValue],
    domain: Domain.Type,
    payload: Payload.Type,
    idempotent: Bool = true,
    _ transform: @escaping @Sendable (Payload) throws -> Result
  ) -> Endpoint<Result> {
    var endpoint = Endpoint<Result>(
      name: name, method: .post, path: auth == .standard ? standardPath : authenticatedPath,
      auth: auth, body: .wrapped(wrapper, fields), isIdempotent: idempotent
    ) { _ in
      throw LoyaltyError(.internalInconsistency, "\(name) decodes its body directly.")
    }
    endpoint.decodeBody = { response in
      try transform(
        MarketDecoding.decode(Payload.self, in: Domain.self, from: response, call: name))
    }
    return endpoint
  }

  package static func campaigns(language: String, filters: [String: JSONValue], personalized: Bool)
    -> Endpoint<[Campaign]>
  {
    context(
      personalized ? "campaigns_personalized" : "campaigns",
      auth: personalized ? .bearer : .standard, wrapper: "campaigns",
      ["action": "retrieve", "language": .string(language), "filters": .object(filters)],
      domain: CampaigningDomain.self, payload: CampaignList.self
    ) { $0.campaigns }
  }

  package static func singleCampaign(sessionUUID: String, language: String) -> Endpoint<Campaign> {
    var endpoint = Endpoint<Campaign>(
      name: "single_campaign", method: .get, path: "/api/session/{sessionUuid}",
      parameters: ["sessionUuid": sessionUUID],
      query: [URLQueryItem(name: "language", value: language)]
    ) { _ in throw LoyaltyError(.internalInconsistency, "decoded directly") }
    endpoint.decodeBody = { response in
      try MarketDecoding.decode(
        SingleCampaign.self, in: CampaigningDomain.self, from: response, call: "single_campaign"
      ).campaign
    }
    return endpoint
  }

  package static func couponSets(language: String, uuids: [String]?, types: [String]?)
    -> Endpoint<[CouponSet]>
  {
    var fields: [String: JSONValue] = [
      "action": "retrieve_multilingual", "language": .string(language),
    ]
    fields["uuids"] = uuids.map { .array($0.map(JSONValue.string)) }
    fields["couponset_types"] = types.map { .array($0.map(JSONValue.string)) }
    return context(
      "coupon_sets", auth: .standard, wrapper: "coupon", fields, domain: CouponDomain.self,
      payload: CouponSetList.self
    ) { $0.couponSets }
  }

  package static func availability(couponSets: [String]?) -> Endpoint<[String: Int]> {
    var fields: [String: JSONValue] = ["action": "availability"]
    fields["couponsets"] = couponSets.map { .array($0.map(JSONValue.string)) }
    return context(
      "available_coupons", auth: .standard, wrapper: "coupon", fields,
      domain: CouponDomain.self, payload: Availability.self
    ) { $0.counts }
  }

  package static func userCoupons(language: String, types: [String]?) -> Endpoint<[Coupon]> {
    var fields: [String: JSONValue] = [
      "action": "user_coupons", "details": ["merchant", "redemption"],
      "language": .string(language),
    ]
    fields["couponset_types"] = types.map { .array($0.map(JSONValue.string)) }
    return context(
      types == ["universal"] ? "coupons_universal" : "coupons", auth: .bearer,
      wrapper: "coupon", fields, domain: CouponDomain.self, payload: CouponList.self
    ) { $0.coupons }
  }

  package static func validateCoupon(_ code: String) -> Endpoint<CouponValidation> {
    context(
      "validate_coupon", auth: .bearer, wrapper: "coupon",
      ["action": "validate", "coupon": .string(code)], domain: CouponDomain.self,
      payload: CouponValidation.self
    ) { $0 }
  }

  package static func redeemCoupon(productUUID: String, merchantID: String, productID: String?)
    -> Endpoint<CouponRedemption>
  {
    var fields: [String: JSONValue] = [
      "action": "redeem", "product_uuid": .string(productUUID),
      "merchant_id": .string(merchantID),
    ]
    fields["product_id"] = productID.map(JSONValue.string)
    return context(
      "redeem_coupon", auth: .bearer, wrapper: "coupon", fields, domain: CouponDomain.self,
      payload: CouponRedemption.self, idempotent: false
    ) { $0 }
  }

  package static func redeemedSupermarketHistory(language: String)
    -> Endpoint<RedeemedSupermarketHistory>
  {
    context(
      "redeemed_sm_history", auth: .bearer, wrapper: "coupon",
      ["action": "redeemed_supermarket_history", "language": .string(language)],
      domain: CouponDomain.self, payload: RedeemedSupermarketHistory.self
    ) { $0 }
  }

  package static func merchants(language: String, filters: MerchantFilters)
    -> Endpoint<[Merchant]>
  {
    var fields = filters.fields
    fields["action"] = "retrieve_multilingual"
    fields["language"] = .string(language)
    return context(
      "merchants", auth: .standard, wrapper: "shops", fields, domain: ShopsDomain.self,
      payload: ShopList.self
    ) { $0.shops }
  }

  package static func merchantCategories(language: String) -> Endpoint<[MerchantCategory]> {
    context(
      "merchant_categories", auth: .standard, wrapper: "shops",
      ["action": "retrieve_categories", "language": .string(language)],
      domain: ShopsDomain.self, payload: CategoryList.self
    ) { $0.categories }
  }

  package static func articles(language: String, categories: [String]?) -> Endpoint<[Article]> {
    var fields: [String: JSONValue] = [
      "action": "retrieve_multilingual", "language": .string(language),
    ]
    fields["categories"] = categories.map { .array($0.map(JSONValue.string)) }
    return context(
      "articles", auth: .standard, wrapper: "content", fields, domain: ContentDomain.self,
      payload: ArticleList.self
    ) { $0.articles.sorted { $0.sorting < $1.sorting } }
  }

  static func consumerData<Payload: Decodable & Sendable>(
    _ name: String, _ fields: [String: JSONValue], payload: Payload.Type
  ) -> Endpoint<Payload> {
    context(
      name, auth: .bearer, wrapper: "consumer_data", fields, domain: ResultDomain.self,
      payload: Payload.self
    ) { $0 }
  }

  package static func profile() -> Endpoint<Profile> {
    consumerData(
      "profile", ["action": "handle_user_details", "process": "get"], payload: Profile.self)
  }

  package static func transactions(productDetail: String) -> Endpoint<[Transaction]> {
    context(
      "transaction_history", auth: .bearer, wrapper: "consumer_data",
      ["action": "get_transaction_history", "product_detail": .string(productDetail)],
      domain: ResultDomain.self, payload: TransactionList.self
    ) { list in list.transactions.sorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) } }
  }

  package static func pointsHistory() -> Endpoint<PointsHistory> {
    consumerData("points_history", ["action": "get_points_history"], payload: PointsHistory.self)
  }

  package static func marketPass() -> Endpoint<MarketPassDetails> {
    consumerData(
      "market_pass_details", ["action": "get_market_pass_details"],
      payload: MarketPassDetails.self)
  }

  package static func addCard(_ card: NewCard) -> Endpoint<Card> {
    context(
      "add_card", auth: .bearer, wrapper: "cards",
      [
        "action": "add_card", "card_number": .string(card.number),
        "card_issuer": .string(card.issuer), "cardholder": .string(card.holder),
        "expiration_month": .string(card.expirationMonth),
        "expiration_year": .string(card.expirationYear),
      ], domain: ResultDomain.self, payload: CardPayload.self, idempotent: false
    ) { payload in
      guard let card = payload.card else {
        throw LoyaltyError(.missingField, "add_card answered without the card.")
      }
      return card
    }
  }

  package static func cards() -> Endpoint<[Card]> {
    context(
      "get_cards", auth: .bearer, wrapper: "cards", ["action": "get_cards"],
      domain: ResultDomain.self, payload: CardList.self
    ) { $0.cards }
  }

  package static func deleteCard(token: String) -> Endpoint<GenericResponse> {
    var endpoint = Endpoint<GenericResponse>(
      name: "delete_card", method: .post, path: authenticatedPath, auth: .bearer,
      body: .wrapped("cards", ["action": "delete_card", "token": .string(token)]),
      isIdempotent: false
    ) { envelope in GenericResponse(status: envelope.status ?? 0, message: envelope.message) }
    endpoint.check = .envelope
    return endpoint
  }

  /// `POST /user/{appUUID}/{action}` with the fields at the top level.
  package static func user(_ action: String, _ fields: [String: JSONValue])
    -> Endpoint<ResponseEnvelope>
  {
    Endpoint(
      name: action, method: .post, path: "/user/{appUUID}/\(action)", body: .json(.object(fields)),
      isIdempotent: false)
  }
}
