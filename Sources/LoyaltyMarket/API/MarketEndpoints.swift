package import LoyaltyCore
package import LoyaltyNetwork

/// Every market call, declared once (``MarketCallDeclaration``): where it goes, what its
/// arguments send, how its answer is read. Bodies and answers follow `Docs/API.md`.
///
/// `package` so that the fuzz harness (Tests/LoyaltyFuzz) decodes answers through
/// exactly the endpoints the market sends, and the tests check that the sandbox answers
/// every call of ``allCalls``.
package enum MarketEndpoints {
  /// A list of strings as a field, or no field.
  private static func strings(_ values: [String]?) -> JSONValue? {
    values.map { .array($0.map(JSONValue.string)) }
  }

  // MARK: Campaigns

  /// The fields of both campaign lists: the language and the host's filters.
  private static func campaignFields(language: String, filters: [String: JSONValue])
    -> [String: JSONValue]
  {
    ["language": .string(language), "filters": .object(filters)]
  }

  package static let campaigns = MarketCallDeclaration(
    "campaigns", .standardContext, wrapper: "campaigns", action: "retrieve",
    reading: .domain(CampaigningDomain.self, CampaignList.self),
    fields: campaignFields, map: { $0.campaigns })

  package static let personalizedCampaigns = MarketCallDeclaration(
    "campaigns_personalized", .authenticatedContext, wrapper: "campaigns", action: "retrieve",
    reading: .domain(CampaigningDomain.self, CampaignList.self),
    fields: campaignFields, map: { $0.campaigns })

  package static let singleCampaign = MarketCallDeclaration(
    "single_campaign", .get("/api/session/{sessionUuid}"),
    reading: .domain(CampaigningDomain.self, ObjectPayload<Campaign>.self),
    fields: { (sessionUUID: String, language: String) in
      ["sessionUuid": .string(sessionUUID), "language": .string(language)]
    }, map: { $0.object })

  // MARK: Coupons

  package static let couponSets = MarketCallDeclaration(
    "coupon_sets", .standardContext, wrapper: "coupon", action: "retrieve_multilingual",
    reading: .domain(CouponDomain.self, CouponSetList.self),
    fields: { (language: String, uuids: [String]?, types: [String]?) in
      var fields: [String: JSONValue] = ["language": .string(language)]
      fields["uuids"] = strings(uuids)
      fields["couponset_types"] = strings(types)
      return fields
    }, map: { $0.couponSets })

  /// Coupons left per set; `nil` when the answer cannot be read (reported as drift). A
  /// set asked for and absent from the answer is reported as missing.
  package static let availability = MarketCallDeclaration(
    "available_coupons", .standardContext, wrapper: "coupon", action: "availability",
    reading: .domain(CouponDomain.self, Availability.self),
    fields: { (couponSets: [String]?) in
      var fields: [String: JSONValue] = [:]
      fields["couponsets"] = strings(couponSets)
      return fields
    },
    result: { availability, couponSets, drift in
      if let counts = availability.counts, let couponSets {
        for set in couponSets where counts[set] == nil {
          drift?.record("\(CouponDomain.member).availability[]", .missing)
        }
      }
      return availability.counts
    })

  /// The user's coupons, of every type.
  package static let userCoupons = MarketCallDeclaration(
    "coupons", .authenticatedContext, wrapper: "coupon", action: "user_coupons",
    reading: .domain(CouponDomain.self, CouponList.self),
    fields: { (language: String) in
      ["details": ["merchant", "redemption"], "language": .string(language)]
    }, map: { $0.coupons })

  /// ``userCoupons`` of the universal sets, under a name of its own.
  package static let universalCoupons = MarketCallDeclaration(
    "coupons_universal", .authenticatedContext, wrapper: "coupon", action: "user_coupons",
    reading: .domain(CouponDomain.self, CouponList.self),
    fields: { (language: String) in
      [
        "details": ["merchant", "redemption"], "language": .string(language),
        "couponset_types": ["universal"],
      ]
    }, map: { $0.coupons })

  package static let validateCoupon = MarketCallDeclaration(
    "validate_coupon", .authenticatedContext, wrapper: "coupon", action: "validate",
    reading: .domain(CouponDomain.self, ObjectPayload<CouponValidation>.self),
    fields: { (code: String) in ["coupon": .string(code)] }, map: { $0.object })

  package static let redeemCoupon = MarketCallDeclaration(
    "redeem_coupon", .authenticatedContext, wrapper: "coupon", action: "redeem",
    reading: .domain(CouponDomain.self, ObjectPayload<CouponRedemption>.self),
    idempotent: false,
    fields: { (productUUID: String, merchantID: String, productID: String?) in
      var fields: [String: JSONValue] = [
        "product_uuid": .string(productUUID), "merchant_id": .string(merchantID),
      ]
      fields["product_id"] = productID.map(JSONValue.string)
      return fields
    }, map: { $0.object })

  package static let redeemedSupermarketHistory = MarketCallDeclaration(
    "redeemed_sm_history", .authenticatedContext, wrapper: "coupon",
    action: "redeemed_supermarket_history",
    reading: .domain(CouponDomain.self, RedeemedSupermarketHistory.self),
    fields: { (language: String) in ["language": .string(language)] }, map: { $0 })

  // MARK: Merchants and content

  package static let merchants = MarketCallDeclaration(
    "merchants", .standardContext, wrapper: "shops", action: "retrieve_multilingual",
    reading: .domain(ShopsDomain.self, ShopList.self),
    fields: { (language: String, filters: MerchantFilters) in
      var fields = filters.fields
      fields["language"] = .string(language)
      return fields
    }, map: { $0.shops })

  package static let merchantCategories = MarketCallDeclaration(
    "merchant_categories", .standardContext, wrapper: "shops", action: "retrieve_categories",
    reading: .domain(ShopsDomain.self, CategoryList.self),
    fields: { (language: String) in ["language": .string(language)] }, map: { $0.categories })

  package static let articles = MarketCallDeclaration(
    "articles", .standardContext, wrapper: "content", action: "retrieve_multilingual",
    reading: .domain(ContentDomain.self, ArticleList.self),
    fields: { (language: String, categories: [String]?) in
      var fields: [String: JSONValue] = ["language": .string(language)]
      fields["categories"] = strings(categories)
      return fields
    }, map: { $0.articles.stablySorted { $0.sorting < $1.sorting } })

  // MARK: Profile, history, market pass

  package static let profile = MarketCallDeclaration(
    "profile", .authenticatedContext, wrapper: "consumer_data", action: "handle_user_details",
    reading: .domain(ResultDomain.self, ObjectPayload<Profile>.self),
    fields: { (_: Void) in ["process": "get"] }, map: { $0.object })

  package static let transactions = MarketCallDeclaration(
    "transaction_history", .authenticatedContext, wrapper: "consumer_data",
    action: "get_transaction_history", reading: .domain(ResultDomain.self, TransactionList.self),
    fields: { (productDetail: String) in ["product_detail": .string(productDetail)] },
    map: { list in
      list.transactions.stablySorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
    })

  package static let pointsHistory = MarketCallDeclaration(
    "points_history", .authenticatedContext, wrapper: "consumer_data",
    action: "get_points_history", reading: .domain(ResultDomain.self, PointsHistory.self),
    fields: { (_: Void) in [:] }, map: { $0 })

  package static let marketPass = MarketCallDeclaration(
    "market_pass_details", .authenticatedContext, wrapper: "consumer_data",
    action: "get_market_pass_details",
    reading: .domain(ResultDomain.self, ObjectPayload<MarketPassDetails>.self),
    fields: { (_: Void) in [:] }, map: { $0.object })

  // MARK: Cards

  package static let addCard = MarketCallDeclaration(
    "add_card", .authenticatedContext, wrapper: "cards", action: "add_card",
    reading: .domain(ResultDomain.self, CardPayload.self), idempotent: false,
    fields: { (card: NewCard) in
      [
        "card_number": .string(card.number), "card_issuer": .string(card.issuer),
        "cardholder": .string(card.holder), "expiration_month": .string(card.expirationMonth),
        "expiration_year": .string(card.expirationYear),
      ]
    }, map: { $0.card })

  package static let cards = MarketCallDeclaration(
    "get_cards", .authenticatedContext, wrapper: "cards", action: "get_cards",
    reading: .domain(ResultDomain.self, CardList.self), fields: { (_: Void) in [:] },
    map: { $0.cards })

  package static let deleteCard = MarketCallDeclaration(
    "delete_card", .authenticatedContext, wrapper: "cards", action: "delete_card",
    reading: .envelope { GenericResponse(status: $0.status ?? 0, message: $0.message) },
    idempotent: false, fields: { (token: String) in ["token": .string(token)] }, map: { $0 })

  // MARK: User management (`POST /user/{appUUID}/{action}`)

  package static let register = MarketCallDeclaration(
    "register", .user, action: "register", reading: .envelope { $0 }, idempotent: false,
    fields: { (email: String, password: String, firstName: String?, lastName: String?) in
      var fields: [String: JSONValue] = ["email": .string(email), "password": .string(password)]
      fields["firstname"] = firstName.map(JSONValue.string)
      fields["lastname"] = lastName.map(JSONValue.string)
      return fields
    }, map: { $0 })

  package static let changePassword = MarketCallDeclaration(
    "change_password", .user, action: "change_password",
    reading: .envelope { GenericResponse(status: $0.status ?? 1, message: $0.message) },
    idempotent: false,
    fields: { (email: String, oldPassword: String, newPassword: String) in
      [
        "email": .string(email), "old_password": .string(oldPassword),
        "new_password": .string(newPassword),
      ]
    }, map: { $0 })

  package static let resetPassword = MarketCallDeclaration(
    "reset_password", .user, action: "reset_password",
    reading: .envelope { GenericResponse(status: $0.status ?? 1, message: $0.message) },
    idempotent: false, fields: { (email: String) in ["email": .string(email)] }, map: { $0 })

  package static let requestOTP = MarketCallDeclaration(
    "request_otp", .user, action: "request_otp", reading: .envelope { $0 }, idempotent: false,
    fields: { (phoneNumber: String) in ["msisdn": .string(phoneNumber)] }, map: { $0 })

  // MARK: The whole table

  /// Every declared call, once each: the sandbox must answer each of them.
  package static let allCalls: [any MarketCallDescribing] = [
    campaigns, personalizedCampaigns, singleCampaign, couponSets, availability, userCoupons,
    universalCoupons, validateCoupon, redeemCoupon, redeemedSupermarketHistory, merchants,
    merchantCategories, articles, profile, transactions, pointsHistory, marketPass, addCard,
    cards, deleteCard, register, changePassword, resetPassword, requestOTP,
  ]
}
