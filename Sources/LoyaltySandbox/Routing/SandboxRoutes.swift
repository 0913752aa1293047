/// Every route, by path kind, domain wrapper key and action: the contract of
/// `Docs/API.md`. The routes of a path of their own are listed here; the context and
/// user-management routes are declared by their group of handlers (``placed``).
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

  /// The routes placed by a domain wrapper key and action or by a user-management action.
  /// Each group of handlers declares its own, beside the handlers that answer them; a new
  /// call of a group adds its route there, and a new group adds its list here.
  static let placed: [SandboxRoute] =
    CampaignHandlers.routes
    + CouponHandlers.routes
    + MerchantHandlers.routes
    + POIHandlers.routes
    + ArticleHandlers.routes
    + RedemptionHandlers.routes
    + ProfileHandlers.routes
    + MarketHandlers.routes
    + CardHandlers.routes
    + UserManagementHandlers.routes

  /// `POST /api/mobile/v2/{appUUID}/context/`, standard auth.
  static let standardContext = contextTable(auth: .standard)

  /// `POST /oauth/{appUUID}/context`, bearer auth.
  static let authenticatedContext = contextTable(auth: .bearer)

  /// `POST /user/{appUUID}/{action}`, standard auth.
  static let userManagement: [String: SandboxRoute] = {
    var table: [String: SandboxRoute] = [:]
    for route in placed {
      if case .userManagement(let action) = route.place { table[action] = route }
    }
    return table
  }()

  /// The context routes of one authentication kind, by domain wrapper key and action.
  private static func contextTable(auth: SandboxRoute.Auth) -> [String: [String: SandboxRoute]] {
    var table: [String: [String: SandboxRoute]] = [:]
    for route in placed where route.auth == auth {
      if case .context(let domain, let action) = route.place {
        table[domain, default: [:]][action] = route
      }
    }
    return table
  }

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
    routes += placed
    return routes
  }()

  /// The route answering `endpoint`, if the sandbox answers it.
  static func route(for endpoint: SandboxEndpoint) -> SandboxRoute? {
    all.first { $0.endpoint == endpoint }
  }
}
