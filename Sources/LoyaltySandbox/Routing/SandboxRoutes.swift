/// Every route, by path kind, domain wrapper key and action: the contract of
/// `Docs/API.md` in one table.
///
/// Each route says what its successful answer holds (``SandboxRoute/Answer``): the key of
/// its list, read from its handler, or that it has none. The list forms
/// (``SandboxListForm``) move the list it names.
enum SandboxRoutes {
  static let emailLogin = SandboxRoute(
    endpoint: .emailLogin, auth: .standard, answer: .noPayload, handler: AuthHandlers.emailLogin)
  static let verifyTicket = SandboxRoute(
    endpoint: .verifyTicket, auth: .standard, answer: .noPayload,
    handler: AuthHandlers.verifyTicket)
  static let partnerUser = SandboxRoute(
    endpoint: .partnerUser, auth: .basic, answer: .noPayload, handler: AuthHandlers.partnerToken)
  static let refresh = SandboxRoute(
    endpoint: .refreshToken, auth: .standard, answer: .noPayload, handler: AuthHandlers.refresh)
  static let logout = SandboxRoute(
    endpoint: .logout, auth: .standard, answer: .noPayload, handler: AuthHandlers.logout)
  static let singleCampaign = SandboxRoute(
    endpoint: .singleCampaign, auth: .standard, answer: .model("campaign", keyed: true),
    handler: CampaignHandlers.single)
  static let analytics = SandboxRoute(
    endpoint: .analytics, auth: .standard, answer: .noPayload, handler: AnalyticsHandlers.ingest)
  static let deviceInfo = SandboxRoute(
    endpoint: .deviceInfo, auth: .standard, answer: .noPayload,
    handler: DeviceInfoHandlers.register)

  /// `POST /api/mobile/v2/{appUUID}/context/`, standard auth.
  static let standardContext: [String: [String: SandboxRoute]] = [
    "campaigns": [
      "retrieve": SandboxRoute(
        endpoint: .campaigns, auth: .standard, answer: .list("campaigns"),
        handler: CampaignHandlers.campaigns)
    ],
    "coupon": [
      // Counts by coupon set: an object, not a list.
      "availability": SandboxRoute(
        endpoint: .couponAvailability, auth: .standard, answer: .object,
        handler: CouponHandlers.availability),
      "retrieve_multilingual": SandboxRoute(
        endpoint: .couponSets, auth: .standard, answer: .list("couponsets"),
        handler: CouponHandlers.couponSets),
    ],
    "shops": [
      "retrieve_multilingual": SandboxRoute(
        endpoint: .merchants, auth: .standard, answer: .list("shops"),
        handler: MerchantHandlers.merchants),
      "retrieve_categories": SandboxRoute(
        endpoint: .merchantCategories, auth: .standard, answer: .list("categories"),
        handler: MerchantHandlers.categories),
      // Points of interest (geofencing): Sources/LoyaltySandbox/PointsOfInterest. Its
      // `removed` ids are a sibling of the list.
      "retrieve_pois": SandboxRoute(
        endpoint: .pointsOfInterest, auth: .standard, answer: .list("pois"),
        handler: POIHandlers.pointsOfInterest),
    ],
    "content": [
      "retrieve_multilingual": SandboxRoute(
        endpoint: .articles, auth: .standard, answer: .list("articles"),
        handler: ArticleHandlers.articles)
    ],
  ]

  /// `POST /oauth/{appUUID}/context`, bearer auth.
  static let authenticatedContext: [String: [String: SandboxRoute]] = [
    "campaigns": [
      "retrieve": SandboxRoute(
        endpoint: .personalizedCampaigns, auth: .bearer, answer: .list("campaigns"),
        handler: CampaignHandlers.personalized)
    ],
    "coupon": [
      "user_coupons": SandboxRoute(
        endpoint: .coupons, auth: .bearer, answer: .list("coupons"),
        handler: CouponHandlers.userCoupons),
      "validate": SandboxRoute(
        endpoint: .validateCoupon, auth: .bearer, answer: .model("validation", keyed: false),
        handler: RedemptionHandlers.validate),
      "redeem": SandboxRoute(
        endpoint: .redeemCoupon, auth: .bearer, answer: .model("redemption", keyed: false),
        handler: RedemptionHandlers.redeem),
      "redeemed_supermarket_history": SandboxRoute(
        endpoint: .redeemedSupermarketHistory, auth: .bearer, answer: .list("redeemed_coupons"),
        handler: CouponHandlers.redeemedSupermarketHistory),
    ],
    "consumer_data": [
      "handle_user_details": SandboxRoute(
        endpoint: .profile, auth: .bearer, answer: .model("profile", keyed: false),
        handler: ProfileHandlers.profile),
      "get_transaction_history": SandboxRoute(
        endpoint: .transactions, auth: .bearer, answer: .list("transactions"),
        handler: ProfileHandlers.transactions),
      "get_points_history": SandboxRoute(
        endpoint: .pointsHistory, auth: .bearer, answer: .list("points_history"),
        handler: ProfileHandlers.pointsHistory),
      // `supermarkets` is a field of the pass, not the answer's list.
      "get_market_pass_details": SandboxRoute(
        endpoint: .marketPass, auth: .bearer, answer: .model("market_pass", keyed: false),
        handler: MarketHandlers.marketPass),
    ],
    "cards": [
      "add_card": SandboxRoute(
        endpoint: .addCard, auth: .bearer, answer: .model("card", keyed: true),
        handler: CardHandlers.add),
      "get_cards": SandboxRoute(
        endpoint: .cards, auth: .bearer, answer: .list("cards"), handler: CardHandlers.list),
      "delete_card": SandboxRoute(
        endpoint: .deleteCard, auth: .bearer, answer: .noPayload, handler: CardHandlers.delete),
    ],
  ]

  /// `POST /user/{appUUID}/{action}`, standard auth.
  static let userManagement: [String: SandboxRoute] = [
    "register": SandboxRoute(
      endpoint: .register, auth: .standard, answer: .object,
      handler: UserManagementHandlers.register),
    "change_password": SandboxRoute(
      endpoint: .changePassword, auth: .standard, answer: .noPayload,
      handler: UserManagementHandlers.changePassword),
    "reset_password": SandboxRoute(
      endpoint: .resetPassword, auth: .standard, answer: .noPayload,
      handler: UserManagementHandlers.resetPassword),
    "request_otp": SandboxRoute(
      endpoint: .requestOTP, auth: .standard, answer: .noPayload,
      handler: UserManagementHandlers.requestOTP),
  ]

  // MARK: Account and payment flows (`/v1/...`, form and multipart bodies)

  // Their answers are fields at the envelope's level (`attemptsLeft`, `transactionId`),
  // without a payload member or a list.

  static let flowToken = SandboxRoute(
    endpoint: .flowToken, auth: .standard, answer: .noPayload, handler: FlowHandlers.token)
  static let pinSendOtp = SandboxRoute(
    endpoint: .pinSendOtp, auth: .standard, answer: .noPayload, handler: FlowHandlers.sendCode)
  static let pinResendOtp = SandboxRoute(
    endpoint: .pinResendOtp, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.resendCode)
  static let pinVerifyOtp = SandboxRoute(
    endpoint: .pinVerifyOtp, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.verifyCode)
  static let setPIN = SandboxRoute(
    endpoint: .setPIN, auth: .standard, answer: .noPayload, handler: FlowHandlers.setPIN)
  static let changePIN = SandboxRoute(
    endpoint: .changePIN, auth: .standard, answer: .noPayload, handler: FlowHandlers.changePIN)
  static let forgotPINReset = SandboxRoute(
    endpoint: .forgotPINReset, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.resetPIN)
  static let cpqrcValidate = SandboxRoute(
    endpoint: .cpqrcValidate, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.validatePayment)
  static let cpqrcConfirm = SandboxRoute(
    endpoint: .cpqrcConfirm, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.confirmPayment)
  static let cpqrcStatus = SandboxRoute(
    endpoint: .cpqrcStatus, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.paymentStatus)
  static let cpqrcResendOtp = SandboxRoute(
    endpoint: .cpqrcResendOtp, auth: .standard, answer: .noPayload,
    handler: FlowHandlers.resendPaymentCode)

  // MARK: Merchant directory (manifest and snapshot)

  // The manifest is an object under `directory`; the snapshot is a gzip body.

  static let directoryManifest = SandboxRoute(
    endpoint: .directoryManifest, auth: .standard, answer: .object,
    handler: DirectoryHandlers.manifest)
  static let directorySnapshot = SandboxRoute(
    endpoint: .directorySnapshot, auth: .standard, answer: .noPayload,
    handler: DirectoryHandlers.snapshot)

  // MARK: The whole table

  /// Every route of the table, once each.
  static let all: [SandboxRoute] = {
    var routes = [
      emailLogin, verifyTicket, partnerUser, refresh, logout, singleCampaign, analytics,
      deviceInfo, flowToken, pinSendOtp, pinResendOtp, pinVerifyOtp, setPIN, changePIN,
      forgotPINReset, cpqrcValidate, cpqrcConfirm, cpqrcStatus, cpqrcResendOtp,
      directoryManifest, directorySnapshot,
    ]
    for table in [standardContext, authenticatedContext] {
      for domain in table.keys.sorted() {
        let actions = table[domain] ?? [:]
        routes += actions.keys.sorted().compactMap { actions[$0] }
      }
    }
    routes += userManagement.keys.sorted().compactMap { userManagement[$0] }
    return routes
  }()

  /// The route answering `endpoint`, if the sandbox answers it.
  static func route(for endpoint: SandboxEndpoint) -> SandboxRoute? {
    all.first { $0.endpoint == endpoint }
  }
}
