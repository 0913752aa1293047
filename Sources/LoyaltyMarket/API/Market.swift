public import LoyaltyCore
public import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The loyalty APIs: campaigns, coupons, merchants, profile, cards, points, market pass.
///
/// Every call is `async throws`; each has a callback variant (see `Market+Callbacks`).
/// Calls record `custom_{success|error}_{operation}_loyalty` analytics when an analytics
/// pipeline is registered, keep what they fetch in ``state``, and post the platform's
/// events (``CampaignsRetrieved``, ``CouponsFetched``, ``MarketPassDetailsFetched``).
///
/// Answers are read tolerantly: a field that is absent or unreadable where a sensible
/// value exists gives that value and is reported as drift (a warning once, a
/// ``ResponseDrift`` event once, counters in ``drift``); a field without which the answer
/// means nothing fails the call with an error naming the call and the field.
///
/// ```swift
/// let market = try client.market
/// let campaigns = try await market.campaigns()
/// let coupons = try await market.coupons()
/// ```
public final class Market: Sendable {
  /// What the market last fetched.
  public let state = MarketState()
  /// The language used when a call does not name one.
  public let defaultLanguage: String
  /// The drift seen in this market's answers: `market.drift.snapshot()`.
  public let drift: DriftMonitor

  let network: NetworkClient
  private let events: (any EventSink)?
  private let analytics: (any AnalyticsTracker)?

  /// Creates the market API over a network client.
  /// - Parameters:
  ///   - network: The client every market call goes through.
  ///   - events: Where the market's events are published; none when `nil`.
  ///   - analytics: Where each call's success or failure is recorded; none when `nil`.
  ///   - logger: Where drift warnings go.
  public init(
    network: NetworkClient, events: (any EventSink)? = nil,
    analytics: (any AnalyticsTracker)? = nil, logger: LoyaltyLogger = .disabled
  ) {
    self.network = network
    self.events = events
    self.analytics = analytics
    self.defaultLanguage = network.configuration.language
    self.drift = DriftMonitor(logger: logger, events: events)
  }

  /// Sends the endpoint `make` builds around a fresh drift collector, and reports what
  /// the collector saw, whether the call succeeded or not.
  func send<T: Sendable>(_ make: (DriftCollector) -> Endpoint<T>) async throws -> T {
    let collector = DriftCollector()
    let endpoint = make(collector)
    defer { drift.report(collector, call: endpoint.name) }
    return try await network.send(endpoint)
  }

  /// Runs a call, recording its outcome with the platform's naming.
  func call<T: Sendable>(_ operation: String, _ body: () async throws -> T) async throws -> T {
    guard let analytics else { return try await body() }
    return try await analytics.recordingCall(operation, body)
  }

  // MARK: Campaigns

  /// The campaigns to show, through the campaign pipeline: for a logged-in user, basic
  /// and personalized merged, filtered by coupon availability, carousel separated, CCMS,
  /// telco and questionnaire removed, sorted; for an anonymous user, the basic ones.
  ///
  /// Updates ``state`` (listed, all, carousel, supermarket campaign) and posts
  /// ``CampaignsRetrieved``.
  public func campaigns(language: String? = nil, filters: [String: JSONValue] = [:])
    async throws -> [Campaign]
  {
    let language = language ?? defaultLanguage
    return try await call("campaigns") {
      let basic = try await send {
        MarketEndpoints.campaigns(
          language: language, filters: filters, personalized: false, drift: $0)
      }
      let result: CampaignPipeline.Result
      if await network.session.isLoggedIn {
        let personalized = try await send {
          MarketEndpoints.campaigns(
            language: language, filters: filters, personalized: true, drift: $0)
        }
        let sets = Array(Set((basic + personalized).map(\.couponSet).filter { !$0.isEmpty }))
          .sorted()
        // An availability answer that cannot be read was reported as drift; the
        // campaigns are then listed with their availability unknown.
        let availability =
          sets.isEmpty
          ? [:]
          : try await send { MarketEndpoints.availability(couponSets: sets, drift: $0) } ?? [:]
        result = CampaignPipeline.authenticated(
          basic: basic, personalized: personalized, availability: availability)
      } else {
        result = CampaignPipeline.anonymous(basic: basic)
      }
      await state.setCampaigns(result)
      await state.setSupermarketCampaign(
        result.all.first { $0.type.lowercased() == "supermarket" })
      events?.post(CampaignsRetrieved(count: result.campaigns.count))
      return result.campaigns
    }
  }

  /// The user's personalized campaigns, as the server sends them.
  public func personalizedCampaigns(
    language: String? = nil, filters: [String: JSONValue] = [:]
  ) async throws -> [Campaign] {
    let language = language ?? defaultLanguage
    return try await call("campaigns_personalized") {
      try await send {
        MarketEndpoints.campaigns(
          language: language, filters: filters, personalized: true, drift: $0)
      }
    }
  }

  /// One campaign, by its session.
  public func singleCampaign(sessionUUID: String, language: String? = nil) async throws
    -> Campaign
  {
    let language = language ?? defaultLanguage
    return try await call("single_campaign") {
      try await send {
        MarketEndpoints.singleCampaign(sessionUUID: sessionUUID, language: language, drift: $0)
      }
    }
  }

  /// The supermarket campaign, if there is one.
  public func supermarketCampaign(language: String? = nil) async throws -> Campaign? {
    let language = language ?? defaultLanguage
    return try await call("supermarket_campaign") {
      let basic = try await send {
        MarketEndpoints.campaigns(language: language, filters: [:], personalized: false, drift: $0)
      }
      let campaign = basic.first { $0.type.lowercased() == "supermarket" }
      await state.setSupermarketCampaign(campaign)
      return campaign
    }
  }

  // MARK: Coupons

  /// The user's coupons, active and redeemed. ``state`` keeps the active ones by
  /// expiration and the redeemed ones by redemption date; posts ``CouponsFetched``.
  public func coupons(language: String? = nil) async throws -> [Coupon] {
    let language = language ?? defaultLanguage
    return try await call("coupons") {
      let coupons = try await send {
        MarketEndpoints.userCoupons(language: language, types: nil, drift: $0)
      }
      await state.setCoupons(coupons)
      events?.post(
        CouponsFetched(
          active: coupons.filter(\.isActive).count, redeemed: coupons.filter(\.isRedeemed).count))
      return coupons
    }
  }

  /// The user's universal coupons (accepted by any merchant).
  public func universalCoupons(language: String? = nil) async throws -> [Coupon] {
    let language = language ?? defaultLanguage
    return try await call("coupons_universal") {
      try await send {
        MarketEndpoints.userCoupons(language: language, types: ["universal"], drift: $0)
      }
    }
  }

  /// Coupon sets, optionally only some or of some types.
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil
  ) async throws -> [CouponSet] {
    let language = language ?? defaultLanguage
    return try await call("coupon_sets") {
      let sets = try await send {
        MarketEndpoints.couponSets(language: language, uuids: uuids, types: types, drift: $0)
      }
      await state.setCouponSets(sets)
      return sets
    }
  }

  /// Coupons left per coupon set.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decodingFailed`` (field `availability`)
  ///   when the answer carries no numbers it can read.
  public func availableCoupons(couponSets: [String]? = nil) async throws -> [String: Int] {
    try await call("available_coupons") {
      guard
        let counts = try await send({
          MarketEndpoints.availability(couponSets: couponSets, drift: $0)
        })
      else {
        throw MarketDecoding.unusable(
          call: "available_coupons", field: "\(CouponDomain.member).availability",
          kind: .unexpectedShape)
      }
      return counts
    }
  }

  /// Checks whether a coupon can be redeemed.
  public func validateCoupon(_ code: String) async throws -> CouponValidation {
    try await call("validate_coupon") {
      try await send { MarketEndpoints.validateCoupon(code, drift: $0) }
    }
  }

  /// Redeems a coupon of the set `productUUID` at `merchantID`; `productID` picks a
  /// coupon (else the one expiring first).
  ///
  /// Not sent again by the SDK once it may have reached the server: a server error is
  /// returned, and a connection lost after sending ends with
  /// ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown``, whose
  /// ``LoyaltyNetwork/IdempotencyKey`` redeems at most once when passed back here.
  /// - Parameters:
  ///   - productID: The coupon's product id, when the backend lists one.
  ///   - productUUID: The coupon's product UUID.
  ///   - merchantID: The merchant where the coupon is redeemed.
  ///   - idempotencyKey: The key of an earlier attempt of this redemption; a new one when
  ///     `nil`.
  public func redeemCoupon(
    productID: String? = nil, productUUID: String, merchantID: String,
    idempotencyKey: IdempotencyKey? = nil
  ) async throws -> CouponRedemption {
    try await call("redeem_coupon") {
      try await send {
        var endpoint = MarketEndpoints.redeemCoupon(
          productUUID: productUUID, merchantID: merchantID, productID: productID, drift: $0)
        endpoint.idempotencyKey = idempotencyKey
        return endpoint
      }
    }
  }

  /// The supermarket coupons the user redeemed, and what they saved.
  public func redeemedSupermarketHistory(language: String? = nil) async throws
    -> RedeemedSupermarketHistory
  {
    let language = language ?? defaultLanguage
    return try await call("redeemed_sm_history") {
      try await send { MarketEndpoints.redeemedSupermarketHistory(language: language, drift: $0) }
    }
  }

  // MARK: User

  /// The user's profile.
  public func profile() async throws -> Profile {
    try await call("profile") { try await send { MarketEndpoints.profile(drift: $0) } }
  }

  /// Registers a new user with an email address and a password
  /// (`POST /user/{appUUID}/register`, standard auth).
  ///
  /// The arguments are checked before anything is sent. Registering does not log the
  /// user in.
  /// - Parameters:
  ///   - email: The new user's email address.
  ///   - password: The new user's password; the server decides how long it must be.
  ///   - firstName: The first name, sent as `firstname` when given.
  ///   - lastName: The last name, sent as `lastname` when given.
  /// - Returns: The user the server created, with their id.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an email address
  ///   that is not one or an empty password (nothing is sent);
  ///   ``LoyaltyCore/LoyaltyError/Code/serverStatus`` when the server declines (the
  ///   email is taken); ``LoyaltyCore/LoyaltyError/Code/httpStatus`` when it refuses a
  ///   field; ``LoyaltyCore/LoyaltyError/Code/missingField`` when the answer has no
  ///   user id.
  public func register(
    email: String, password: String, firstName: String? = nil, lastName: String? = nil
  ) async throws -> RegisteredUser {
    guard Self.looksLikeEmail(email) else {
      throw LoyaltyError(
        .invalidArgument, "register needs an email address.", metadata: ["field": "email"])
    }
    guard !password.isEmpty else {
      throw LoyaltyError(
        .invalidArgument, "register needs a password.", metadata: ["field": "password"])
    }
    var fields: [String: JSONValue] = ["email": .string(email), "password": .string(password)]
    if let firstName { fields["firstname"] = .string(firstName) }
    if let lastName { fields["lastname"] = .string(lastName) }
    return try await call("register") {
      let envelope = try await network.send(MarketEndpoints.user("register", fields))
      let user = envelope["result"]
      guard let id = (user?["uuid"] ?? envelope["uuid"])?.looseString, !id.isEmpty else {
        throw LoyaltyError(
          .missingField, "register answered without the new user's uuid.",
          metadata: ["call": "register", "field": "uuid"])
      }
      return RegisteredUser(
        id: id, email: user?["email"]?.looseString ?? email,
        firstName: user?["firstname"]?.looseString ?? firstName,
        lastName: user?["lastname"]?.looseString ?? lastName)
    }
  }

  /// Whether `text` has an email address's shape: one `@`, something before it, a dot
  /// inside the domain, no spaces.
  static func looksLikeEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else {
      return false
    }
    let domain = parts[1]
    return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
  }

  /// Changes the user's password.
  public func changePassword(email: String, oldPassword: String, newPassword: String)
    async throws -> GenericResponse
  {
    try await call("change_password") {
      try await userCall(
        "change_password",
        [
          "email": .string(email), "old_password": .string(oldPassword),
          "new_password": .string(newPassword),
        ])
    }
  }

  /// Asks for a password reset email.
  public func resetPassword(email: String) async throws -> GenericResponse {
    try await call("reset_password") {
      try await userCall("reset_password", ["email": .string(email)])
    }
  }

  /// Asks for a one-time password by SMS.
  public func requestOTP(phoneNumber: String) async throws -> OTPRequest {
    try await call("request_otp") {
      let envelope = try await network.send(
        MarketEndpoints.user("request_otp", ["msisdn": .string(phoneNumber)]))
      guard let id = envelope["otp_uuid"]?.looseString, !id.isEmpty else {
        throw MarketDecoding.unusable(call: "request_otp", field: "otp_uuid", kind: .missing)
      }
      guard let expiresIn = envelope["expires_in"]?.looseInt else {
        let collector = DriftCollector()
        collector.record(
          "expires_in", envelope["expires_in"] == nil ? .missing : .unreadable)
        drift.report(collector, call: "request_otp")
        return OTPRequest(id: id, expiresIn: 0)
      }
      return OTPRequest(id: id, expiresIn: expiresIn)
    }
  }

  private func userCall(_ action: String, _ fields: [String: JSONValue]) async throws
    -> GenericResponse
  {
    let envelope = try await network.send(MarketEndpoints.user(action, fields))
    return GenericResponse(status: envelope.status ?? 1, message: envelope.message)
  }

  // MARK: History

  /// The user's transactions, newest first.
  /// - Parameter productDetail: `minimal` or `full` (with products).
  public func transactionHistory(productDetail: String = "minimal") async throws
    -> [Transaction]
  {
    try await call("transaction_history") {
      try await send { MarketEndpoints.transactions(productDetail: productDetail, drift: $0) }
    }
  }

  /// The user's points history, newest first, and balance.
  public func pointsHistory() async throws -> PointsHistory {
    try await call("points_history") {
      try await send { MarketEndpoints.pointsHistory(drift: $0) }
    }
  }

  // MARK: Merchants and content

  /// Merchants matching `filters`; ``state`` keeps them.
  public func merchants(language: String? = nil, filters: MerchantFilters = MerchantFilters())
    async throws -> [Merchant]
  {
    let language = language ?? defaultLanguage
    return try await call("merchants") {
      let merchants = try await send {
        MarketEndpoints.merchants(language: language, filters: filters, drift: $0)
      }
      await state.setMerchants(merchants)
      return merchants
    }
  }

  /// The merchant categories.
  public func merchantCategories(language: String? = nil) async throws -> [MerchantCategory] {
    let language = language ?? defaultLanguage
    return try await call("merchant_categories") {
      try await send { MarketEndpoints.merchantCategories(language: language, drift: $0) }
    }
  }

  /// Content articles, by `sorting`.
  public func articles(language: String? = nil, categories: [String]? = nil) async throws
    -> [Article]
  {
    let language = language ?? defaultLanguage
    return try await call("articles") {
      try await send {
        MarketEndpoints.articles(language: language, categories: categories, drift: $0)
      }
    }
  }

  // MARK: Market pass

  /// The user's market pass; ``state`` keeps it; posts ``MarketPassDetailsFetched``.
  public func marketPassDetails() async throws -> MarketPassDetails {
    try await call("market_pass_details") {
      let pass = try await send { MarketEndpoints.marketPass(drift: $0) }
      await state.setMarketPass(pass)
      events?.post(MarketPassDetailsFetched())
      return pass
    }
  }

  // MARK: State the host provides

  /// Sets the contextual (CCMS) offers and posts ``CCMSRetrieved``.
  public func setCCMSOffers(_ offers: [ContextualOffer]) async {
    await state.setCCMSOffers(offers)
    events?.post(CCMSRetrieved(count: offers.count))
  }

  /// Sets the seasonal packages and posts ``SeasonalsRetrieved``.
  public func setSeasonals(_ packages: [SeasonalPackage]) async {
    await state.setSeasonals(packages)
    events?.post(SeasonalsRetrieved(count: packages.count))
  }
}
