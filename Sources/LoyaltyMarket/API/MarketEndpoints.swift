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
    drift: DriftCollector?,
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
        MarketDecoding.decode(
          Payload.self, in: Domain.self, from: response, call: name, drift: drift))
    }
    return endpoint
  }

  package static func campaigns(
    language: String, filters: [String: JSONValue], personalized: Bool,
    drift: DriftCollector? = nil
  ) -> Endpoint<[Campaign]> {
    context(
      personalized ? "campaigns_personalized" : "campaigns",
      auth: personalized ? .bearer : .standard, wrapper: "campaigns",
      ["action": "retrieve", "language": .string(language), "filters": .object(filters)],
      domain: CampaigningDomain.self, payload: CampaignList.self, drift: drift
    ) { $0.campaigns }
  }

  package static func singleCampaign(
    sessionUUID: String, language: String, drift: DriftCollector? = nil
  ) -> Endpoint<Campaign> {
    var endpoint = Endpoint<Campaign>(
      name: "single_campaign", method: .get, path: "/api/session/{sessionUuid}",
      parameters: ["sessionUuid": sessionUUID],
      query: [URLQueryItem(name: "language", value: language)]
    ) { _ in throw LoyaltyError(.internalInconsistency, "decoded directly") }
    endpoint.decodeBody = { response in
      try MarketDecoding.decode(
        SingleCampaign.self, in: CampaigningDomain.self, from: response, call: "single_campaign",
        drift: drift
      ).campaign
    }
    return endpoint
  }

  package static func couponSets(
    language: String, uuids: [String]?, types: [String]?, drift: DriftCollector? = nil
  ) -> Endpoint<[CouponSet]> {
    var fields: [String: JSONValue] = [
      "action": "retrieve_multilingual", "language": .string(language),
    ]
    fields["uuids"] = uuids.map { .array($0.map(JSONValue.string)) }
    fields["couponset_types"] = types.map { .array($0.map(JSONValue.string)) }
    return context(
      "coupon_sets", auth: .standard, wrapper: "coupon", fields, domain: CouponDomain.self,
      payload: CouponSetList.self, drift: drift
    ) { $0.couponSets }
  }

  /// Coupons left per set; `nil` when the answer cannot be read (reported as drift). A
  /// set asked for and absent from the answer is reported as missing.
  package static func availability(couponSets: [String]?, drift: DriftCollector? = nil)
    -> Endpoint<[String: Int]?>
  {
    var fields: [String: JSONValue] = ["action": "availability"]
    fields["couponsets"] = couponSets.map { .array($0.map(JSONValue.string)) }
    return context(
      "available_coupons", auth: .standard, wrapper: "coupon", fields,
      domain: CouponDomain.self, payload: Availability.self, drift: drift
    ) { availability in
      if let counts = availability.counts, let couponSets {
        for set in couponSets where counts[set] == nil {
          drift?.record("\(CouponDomain.member).availability[]", .missing)
        }
      }
      return availability.counts
    }
  }

  package static func userCoupons(language: String, types: [String]?, drift: DriftCollector? = nil)
    -> Endpoint<[Coupon]>
  {
    var fields: [String: JSONValue] = [
      "action": "user_coupons", "details": ["merchant", "redemption"],
      "language": .string(language),
    ]
    fields["couponset_types"] = types.map { .array($0.map(JSONValue.string)) }
    return context(
      types == ["universal"] ? "coupons_universal" : "coupons", auth: .bearer,
      wrapper: "coupon", fields, domain: CouponDomain.self, payload: CouponList.self,
      drift: drift
    ) { $0.coupons }
  }

  package static func validateCoupon(_ code: String, drift: DriftCollector? = nil)
    -> Endpoint<CouponValidation>
  {
    context(
      "validate_coupon", auth: .bearer, wrapper: "coupon",
      ["action": "validate", "coupon": .string(code)], domain: CouponDomain.self,
      payload: CouponValidation.self, drift: drift
    ) { $0 }
  }

  package static func redeemCoupon(
    productUUID: String, merchantID: String, productID: String?, drift: DriftCollector? = nil
  ) -> Endpoint<CouponRedemption> {
    var fields: [String: JSONValue] = [
      "action": "redeem", "product_uuid": .string(productUUID),
      "merchant_id": .string(merchantID),
    ]
    fields["product_id"] = productID.map(JSONValue.string)
    return context(
      "redeem_coupon", auth: .bearer, wrapper: "coupon", fields, domain: CouponDomain.self,
      payload: CouponRedemption.self, idempotent: false, drift: drift
    ) { $0 }
  }

  package static func redeemedSupermarketHistory(language: String, drift: DriftCollector? = nil)
    -> Endpoint<RedeemedSupermarketHistory>
  {
    context(
      "redeemed_sm_history", auth: .bearer, wrapper: "coupon",
      ["action": "redeemed_supermarket_history", "language": .string(language)],
      domain: CouponDomain.self, payload: RedeemedSupermarketHistory.self, drift: drift
    ) { $0 }
  }

  package static func merchants(
    language: String, filters: MerchantFilters, drift: DriftCollector? = nil
  ) -> Endpoint<[Merchant]> {
    var fields = filters.fields
    fields["action"] = "retrieve_multilingual"
    fields["language"] = .string(language)
    return context(
      "merchants", auth: .standard, wrapper: "shops", fields, domain: ShopsDomain.self,
      payload: ShopList.self, drift: drift
    ) { $0.shops }
  }

  package static func merchantCategories(language: String, drift: DriftCollector? = nil)
    -> Endpoint<[MerchantCategory]>
  {
    context(
      "merchant_categories", auth: .standard, wrapper: "shops",
      ["action": "retrieve_categories", "language": .string(language)],
      domain: ShopsDomain.self, payload: CategoryList.self, drift: drift
    ) { $0.categories }
  }

  package static func articles(
    language: String, categories: [String]?, drift: DriftCollector? = nil
  ) -> Endpoint<[Article]> {
    var fields: [String: JSONValue] = [
      "action": "retrieve_multilingual", "language": .string(language),
    ]
    fields["categories"] = categories.map { .array($0.map(JSONValue.string)) }
    return context(
      "articles", auth: .standard, wrapper: "content", fields, domain: ContentDomain.self,
      payload: ArticleList.self, drift: drift
    ) { $0.articles.sorted { $0.sorting < $1.sorting } }
  }

  static func consumerData<Payload: Decodable & Sendable>(
    _ name: String, _ fields: [String: JSONValue], payload: Payload.Type,
    drift: DriftCollector?
  ) -> Endpoint<Payload> {
    context(
      name, auth: .bearer, wrapper: "consumer_data", fields, domain: ResultDomain.self,
      payload: Payload.self, drift: drift
    ) { $0 }
  }

  package static func profile(drift: DriftCollector? = nil) -> Endpoint<Profile> {
    consumerData(
      "profile", ["action": "handle_user_details", "process": "get"], payload: Profile.self,
      drift: drift)
  }

  package static func transactions(productDetail: String, drift: DriftCollector? = nil)
    -> Endpoint<[Transaction]>
  {
    context(
      "transaction_history", auth: .bearer, wrapper: "consumer_data",
      ["action": "get_transaction_history", "product_detail": .string(productDetail)],
      domain: ResultDomain.self, payload: TransactionList.self, drift: drift
    ) { list in list.transactions.sorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) } }
  }

  package static func pointsHistory(drift: DriftCollector? = nil) -> Endpoint<PointsHistory> {
    consumerData(
      "points_history", ["action": "get_points_history"], payload: PointsHistory.self,
      drift: drift)
  }

  package static func marketPass(drift: DriftCollector? = nil) -> Endpoint<MarketPassDetails> {
    consumerData(
      "market_pass_details", ["action": "get_market_pass_details"],
      payload: MarketPassDetails.self, drift: drift)
  }

  package static func addCard(_ card: NewCard, drift: DriftCollector? = nil) -> Endpoint<Card> {
    context(
      "add_card", auth: .bearer, wrapper: "cards",
      [
        "action": "add_card", "card_number": .string(card.number),
        "card_issuer": .string(card.issuer), "cardholder": .string(card.holder),
        "expiration_month": .string(card.expirationMonth),
        "expiration_year": .string(card.expirationYear),
      ], domain: ResultDomain.self, payload: CardPayload.self, idempotent: false, drift: drift
    ) { $0.card }
  }

  package static func cards(drift: DriftCollector? = nil) -> Endpoint<[Card]> {
    context(
      "get_cards", auth: .bearer, wrapper: "cards", ["action": "get_cards"],
      domain: ResultDomain.self, payload: CardList.self, drift: drift
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
