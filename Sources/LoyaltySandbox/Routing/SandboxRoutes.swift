/// Every route, by path kind, domain wrapper key and action: the contract of
/// `Docs/API.md` in one table.
enum SandboxRoutes {
  static let emailLogin = SandboxRoute(
    endpoint: .emailLogin, auth: .standard, handler: AuthHandlers.emailLogin)
  static let verifyTicket = SandboxRoute(
    endpoint: .verifyTicket, auth: .standard, handler: AuthHandlers.verifyTicket)
  static let partnerUser = SandboxRoute(
    endpoint: .partnerUser, auth: .basic, handler: AuthHandlers.partnerToken)
  static let refresh = SandboxRoute(
    endpoint: .refreshToken, auth: .standard, handler: AuthHandlers.refresh)
  static let logout = SandboxRoute(
    endpoint: .logout, auth: .standard, handler: AuthHandlers.logout)
  static let singleCampaign = SandboxRoute(
    endpoint: .singleCampaign, auth: .standard, handler: CampaignHandlers.single)
  static let analytics = SandboxRoute(
    endpoint: .analytics, auth: .standard, handler: AnalyticsHandlers.ingest)
  static let deviceInfo = SandboxRoute(
    endpoint: .deviceInfo, auth: .standard, handler: DeviceInfoHandlers.register)

  /// `POST /api/mobile/v2/{appUUID}/context/`, standard auth.
  static let standardContext: [String: [String: SandboxRoute]] = [
    "campaigns": [
      "retrieve": SandboxRoute(
        endpoint: .campaigns, auth: .standard, handler: CampaignHandlers.campaigns)
    ],
    "coupon": [
      "availability": SandboxRoute(
        endpoint: .couponAvailability, auth: .standard, handler: CouponHandlers.availability),
      "retrieve_multilingual": SandboxRoute(
        endpoint: .couponSets, auth: .standard, handler: CouponHandlers.couponSets),
    ],
    "shops": [
      "retrieve_multilingual": SandboxRoute(
        endpoint: .merchants, auth: .standard, handler: MerchantHandlers.merchants),
      "retrieve_categories": SandboxRoute(
        endpoint: .merchantCategories, auth: .standard, handler: MerchantHandlers.categories),
      // Points of interest (geofencing): Sources/LoyaltySandbox/PointsOfInterest.
      "retrieve_pois": SandboxRoute(
        endpoint: .pointsOfInterest, auth: .standard, handler: POIHandlers.pointsOfInterest),
    ],
    "content": [
      "retrieve_multilingual": SandboxRoute(
        endpoint: .articles, auth: .standard, handler: ArticleHandlers.articles)
    ],
  ]

  /// `POST /oauth/{appUUID}/context`, bearer auth.
  static let authenticatedContext: [String: [String: SandboxRoute]] = [
    "campaigns": [
      "retrieve": SandboxRoute(
        endpoint: .personalizedCampaigns, auth: .bearer, handler: CampaignHandlers.personalized)
    ],
    "coupon": [
      "user_coupons": SandboxRoute(
        endpoint: .coupons, auth: .bearer, handler: CouponHandlers.userCoupons),
      "validate": SandboxRoute(
        endpoint: .validateCoupon, auth: .bearer, handler: RedemptionHandlers.validate),
      "redeem": SandboxRoute(
        endpoint: .redeemCoupon, auth: .bearer, handler: RedemptionHandlers.redeem),
      "redeemed_supermarket_history": SandboxRoute(
        endpoint: .redeemedSupermarketHistory, auth: .bearer,
        handler: CouponHandlers.redeemedSupermarketHistory),
    ],
    "consumer_data": [
      "handle_user_details": SandboxRoute(
        endpoint: .profile, auth: .bearer, handler: ProfileHandlers.profile),
      "get_transaction_history": SandboxRoute(
        endpoint: .transactions, auth: .bearer, handler: ProfileHandlers.transactions),
      "get_points_history": SandboxRoute(
        endpoint: .pointsHistory, auth: .bearer, handler: ProfileHandlers.pointsHistory),
      "get_market_pass_details": SandboxRoute(
        endpoint: .marketPass, auth: .bearer, handler: MarketHandlers.marketPass),
    ],
    "cards": [
      "add_card": SandboxRoute(endpoint: .addCard, auth: .bearer, handler: CardHandlers.add),
      "get_cards": SandboxRoute(endpoint: .cards, auth: .bearer, handler: CardHandlers.list),
      "delete_card": SandboxRoute(
        endpoint: .deleteCard, auth: .bearer, handler: CardHandlers.delete),
    ],
  ]

  /// `POST /user/{appUUID}/{action}`, standard auth.
  static let userManagement: [String: SandboxRoute] = [
    "register": SandboxRoute(
      endpoint: .register, auth: .standard, handler: UserManagementHandlers.register),
    "change_password": SandboxRoute(
      endpoint: .changePassword, auth: .standard, handler: UserManagementHandlers.changePassword),
    "reset_password": SandboxRoute(
      endpoint: .resetPassword, auth: .standard, handler: UserManagementHandlers.resetPassword),
    "request_otp": SandboxRoute(
      endpoint: .requestOTP, auth: .standard, handler: UserManagementHandlers.requestOTP),
  ]

  // MARK: Account and payment flows (`/v1/...`, form and multipart bodies)

  static let flowToken = SandboxRoute(
    endpoint: .flowToken, auth: .standard, handler: FlowHandlers.token)
  static let pinSendOtp = SandboxRoute(
    endpoint: .pinSendOtp, auth: .standard, handler: FlowHandlers.sendCode)
  static let pinResendOtp = SandboxRoute(
    endpoint: .pinResendOtp, auth: .standard, handler: FlowHandlers.resendCode)
  static let pinVerifyOtp = SandboxRoute(
    endpoint: .pinVerifyOtp, auth: .standard, handler: FlowHandlers.verifyCode)
  static let setPIN = SandboxRoute(
    endpoint: .setPIN, auth: .standard, handler: FlowHandlers.setPIN)
  static let changePIN = SandboxRoute(
    endpoint: .changePIN, auth: .standard, handler: FlowHandlers.changePIN)
  static let forgotPINReset = SandboxRoute(
    endpoint: .forgotPINReset, auth: .standard, handler: FlowHandlers.resetPIN)
  static let cpqrcValidate = SandboxRoute(
    endpoint: .cpqrcValidate, auth: .standard, handler: FlowHandlers.validatePayment)
  static let cpqrcConfirm = SandboxRoute(
    endpoint: .cpqrcConfirm, auth: .standard, handler: FlowHandlers.confirmPayment)
  static let cpqrcStatus = SandboxRoute(
    endpoint: .cpqrcStatus, auth: .standard, handler: FlowHandlers.paymentStatus)
  static let cpqrcResendOtp = SandboxRoute(
    endpoint: .cpqrcResendOtp, auth: .standard, handler: FlowHandlers.resendPaymentCode)

  // MARK: Merchant directory (manifest and snapshot)

  static let directoryManifest = SandboxRoute(
    endpoint: .directoryManifest, auth: .standard, handler: DirectoryHandlers.manifest)
  static let directorySnapshot = SandboxRoute(
    endpoint: .directorySnapshot, auth: .standard, handler: DirectoryHandlers.snapshot)
}
