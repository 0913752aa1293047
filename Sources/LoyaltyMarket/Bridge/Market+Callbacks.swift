public import Dispatch
public import LoyaltyCore

// The per-call callback variants of the first releases, deprecated:
// `Market.run(on:_:completion:)` gives every call, present and future, its callback form.
// Each stays a one-line forward to it, never a second implementation.
extension Market {
  /// The callback variant of `campaigns`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async campaigns")
  @discardableResult
  public func campaigns(
    language: String? = nil, filters: [String: JSONValue] = [:], on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Campaign], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.campaigns(language: language, filters: filters) },
      completion: completion)
  }

  /// The callback variant of `personalizedCampaigns`.
  @available(
    *, deprecated, message: "Use run(on:_:completion:) with the async personalizedCampaigns"
  )
  @discardableResult
  public func personalizedCampaigns(
    language: String? = nil, filters: [String: JSONValue] = [:], on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Campaign], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.personalizedCampaigns(language: language, filters: filters) },
      completion: completion)
  }

  /// The callback variant of `singleCampaign`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async singleCampaign")
  @discardableResult
  public func singleCampaign(
    sessionUUID: String, language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Campaign, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.singleCampaign(sessionUUID: sessionUUID, language: language) },
      completion: completion)
  }

  /// The callback variant of `supermarketCampaign`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async supermarketCampaign")
  @discardableResult
  public func supermarketCampaign(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Campaign?, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.supermarketCampaign(language: language) }, completion: completion)
  }

  /// The callback variant of `coupons`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async coupons")
  @discardableResult
  public func coupons(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Coupon], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.coupons(language: language) }, completion: completion)
  }

  /// The callback variant of `universalCoupons`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async universalCoupons")
  @discardableResult
  public func universalCoupons(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Coupon], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.universalCoupons(language: language) }, completion: completion)
  }

  /// The callback variant of `couponSets`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async couponSets")
  @discardableResult
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[CouponSet], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.couponSets(language: language, uuids: uuids, types: types) },
      completion: completion)
  }

  /// The callback variant of `availableCoupons`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async availableCoupons")
  @discardableResult
  public func availableCoupons(
    couponSets: [String]? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[String: Int], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.availableCoupons(couponSets: couponSets) }, completion: completion)
  }

  /// The callback variant of `validateCoupon`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async validateCoupon")
  @discardableResult
  public func validateCoupon(
    _ code: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<CouponValidation, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.validateCoupon(code) }, completion: completion)
  }

  /// The callback variant of `redeemCoupon`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async redeemCoupon")
  @discardableResult
  public func redeemCoupon(
    productID: String? = nil, productUUID: String, merchantID: String,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<CouponRedemption, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue,
      {
        try await $0.redeemCoupon(
          productID: productID, productUUID: productUUID, merchantID: merchantID)
      }, completion: completion)
  }

  /// The callback variant of `redeemedSupermarketHistory`.
  @available(
    *, deprecated, message: "Use run(on:_:completion:) with the async redeemedSupermarketHistory"
  )
  @discardableResult
  public func redeemedSupermarketHistory(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<RedeemedSupermarketHistory, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.redeemedSupermarketHistory(language: language) },
      completion: completion)
  }

  /// The callback variant of `profile`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async profile")
  @discardableResult
  public func profile(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Profile, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.profile() }, completion: completion)
  }

  /// The callback variant of `register`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async register")
  @discardableResult
  public func register(
    email: String, password: String, firstName: String? = nil, lastName: String? = nil,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<RegisteredUser, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue,
      {
        try await $0.register(
          email: email, password: password, firstName: firstName, lastName: lastName)
      }, completion: completion)
  }

  /// The callback variant of `changePassword`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async changePassword")
  @discardableResult
  public func changePassword(
    email: String, oldPassword: String, newPassword: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue,
      {
        try await $0.changePassword(
          email: email, oldPassword: oldPassword, newPassword: newPassword)
      }, completion: completion)
  }

  /// The callback variant of `resetPassword`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async resetPassword")
  @discardableResult
  public func resetPassword(
    email: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.resetPassword(email: email) }, completion: completion)
  }

  /// The callback variant of `requestOTP`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async requestOTP")
  @discardableResult
  public func requestOTP(
    phoneNumber: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<OTPRequest, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.requestOTP(phoneNumber: phoneNumber) }, completion: completion)
  }

  /// The callback variant of `addCard`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async addCard")
  @discardableResult
  public func addCard(
    _ card: NewCard, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Card, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.addCard(card) }, completion: completion)
  }

  /// The callback variant of `cards`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async cards")
  @discardableResult
  public func cards(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Card], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.cards() }, completion: completion)
  }

  /// The callback variant of `deleteCard`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async deleteCard")
  @discardableResult
  public func deleteCard(
    token: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.deleteCard(token: token) }, completion: completion)
  }

  /// The callback variant of `transactionHistory`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async transactionHistory")
  @discardableResult
  public func transactionHistory(
    productDetail: String = "minimal", on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Transaction], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.transactionHistory(productDetail: productDetail) },
      completion: completion)
  }

  /// The callback variant of `pointsHistory`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async pointsHistory")
  @discardableResult
  public func pointsHistory(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<PointsHistory, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.pointsHistory() }, completion: completion)
  }

  /// The callback variant of `merchants`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async merchants")
  @discardableResult
  public func merchants(
    language: String? = nil, filters: MerchantFilters = MerchantFilters(),
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Merchant], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.merchants(language: language, filters: filters) },
      completion: completion)
  }

  /// The callback variant of `merchantCategories`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async merchantCategories")
  @discardableResult
  public func merchantCategories(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[MerchantCategory], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.merchantCategories(language: language) }, completion: completion)
  }

  /// The callback variant of `articles`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async articles")
  @discardableResult
  public func articles(
    language: String? = nil, categories: [String]? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Article], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(
      on: queue, { try await $0.articles(language: language, categories: categories) },
      completion: completion)
  }

  /// The callback variant of `marketPassDetails`.
  @available(*, deprecated, message: "Use run(on:_:completion:) with the async marketPassDetails")
  @discardableResult
  public func marketPassDetails(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<MarketPassDetails, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    run(on: queue, { try await $0.marketPassDetails() }, completion: completion)
  }

}
