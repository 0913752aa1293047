public import Dispatch
public import LoyaltyCore

// Callback variants of every market call, for hosts written around completion handlers.
// Each is a thin wrapper over the async call through one shared bridge,
// `CallbackBridge.run`, never a second implementation. The completion runs on `queue`
// (the main queue by default: on Linux, a process must run its main queue, with
// `dispatchMain()` or a run loop, for main-queue completions to arrive; servers pass a
// queue of their own). A failure's `seedCode` is the number the seed SDK's
// `failureCallback: (Int) -> Void` passed for it (see `Docs/Errors.md`).
extension Market {
  /// The callback variant of `campaigns`.
  @discardableResult
  public func campaigns(
    language: String? = nil, filters: [String: JSONValue] = [:], on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Campaign], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.campaigns(language: language, filters: filters)
    }
  }

  /// The callback variant of `personalizedCampaigns`.
  @discardableResult
  public func personalizedCampaigns(
    language: String? = nil, filters: [String: JSONValue] = [:], on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Campaign], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.personalizedCampaigns(language: language, filters: filters)
    }
  }

  /// The callback variant of `singleCampaign`.
  @discardableResult
  public func singleCampaign(
    sessionUUID: String, language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Campaign, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.singleCampaign(sessionUUID: sessionUUID, language: language)
    }
  }

  /// The callback variant of `supermarketCampaign`.
  @discardableResult
  public func supermarketCampaign(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Campaign?, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.supermarketCampaign(language: language)
    }
  }

  /// The callback variant of `coupons`.
  @discardableResult
  public func coupons(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Coupon], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.coupons(language: language)
    }
  }

  /// The callback variant of `universalCoupons`.
  @discardableResult
  public func universalCoupons(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Coupon], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.universalCoupons(language: language)
    }
  }

  /// The callback variant of `couponSets`.
  @discardableResult
  public func couponSets(
    language: String? = nil, uuids: [String]? = nil, types: [String]? = nil,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[CouponSet], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.couponSets(language: language, uuids: uuids, types: types)
    }
  }

  /// The callback variant of `availableCoupons`.
  @discardableResult
  public func availableCoupons(
    couponSets: [String]? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[String: Int], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.availableCoupons(couponSets: couponSets)
    }
  }

  /// The callback variant of `validateCoupon`.
  @discardableResult
  public func validateCoupon(
    _ code: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<CouponValidation, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.validateCoupon(code)
    }
  }

  /// The callback variant of `redeemCoupon`.
  @discardableResult
  public func redeemCoupon(
    productID: String? = nil, productUUID: String, merchantID: String,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<CouponRedemption, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.redeemCoupon(
        productID: productID, productUUID: productUUID, merchantID: merchantID)
    }
  }

  /// The callback variant of `redeemedSupermarketHistory`.
  @discardableResult
  public func redeemedSupermarketHistory(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<RedeemedSupermarketHistory, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.redeemedSupermarketHistory(language: language)
    }
  }

  /// The callback variant of `profile`.
  @discardableResult
  public func profile(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Profile, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.profile()
    }
  }

  /// The callback variant of `register`.
  @discardableResult
  public func register(
    email: String, password: String, firstName: String? = nil, lastName: String? = nil,
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<RegisteredUser, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.register(
        email: email, password: password, firstName: firstName, lastName: lastName)
    }
  }

  /// The callback variant of `changePassword`.
  @discardableResult
  public func changePassword(
    email: String, oldPassword: String, newPassword: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.changePassword(
        email: email, oldPassword: oldPassword, newPassword: newPassword)
    }
  }

  /// The callback variant of `resetPassword`.
  @discardableResult
  public func resetPassword(
    email: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.resetPassword(email: email)
    }
  }

  /// The callback variant of `requestOTP`.
  @discardableResult
  public func requestOTP(
    phoneNumber: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<OTPRequest, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.requestOTP(phoneNumber: phoneNumber)
    }
  }

  /// The callback variant of `addCard`.
  @discardableResult
  public func addCard(
    _ card: NewCard, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<Card, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.addCard(card)
    }
  }

  /// The callback variant of `cards`.
  @discardableResult
  public func cards(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Card], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.cards()
    }
  }

  /// The callback variant of `deleteCard`.
  @discardableResult
  public func deleteCard(
    token: String, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<GenericResponse, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.deleteCard(token: token)
    }
  }

  /// The callback variant of `transactionHistory`.
  @discardableResult
  public func transactionHistory(
    productDetail: String = "minimal", on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Transaction], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.transactionHistory(productDetail: productDetail)
    }
  }

  /// The callback variant of `pointsHistory`.
  @discardableResult
  public func pointsHistory(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<PointsHistory, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.pointsHistory()
    }
  }

  /// The callback variant of `merchants`.
  @discardableResult
  public func merchants(
    language: String? = nil, filters: MerchantFilters = MerchantFilters(),
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Merchant], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.merchants(language: language, filters: filters)
    }
  }

  /// The callback variant of `merchantCategories`.
  @discardableResult
  public func merchantCategories(
    language: String? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[MerchantCategory], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.merchantCategories(language: language)
    }
  }

  /// The callback variant of `articles`.
  @discardableResult
  public func articles(
    language: String? = nil, categories: [String]? = nil, on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<[Article], LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.articles(language: language, categories: categories)
    }
  }

  /// The callback variant of `marketPassDetails`.
  @discardableResult
  public func marketPassDetails(
    on queue: DispatchQueue = .main,
    completion: @escaping @Sendable (Result<MarketPassDetails, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) {
      try await self.marketPassDetails()
    }
  }

}
