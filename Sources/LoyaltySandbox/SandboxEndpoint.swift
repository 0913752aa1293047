/// Every call the sandbox answers, as counters and fault targets name them.
public enum SandboxEndpoint: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `POST /partners/dei/login`.
  case emailLogin
  /// `POST /partners/cosmote/verify`.
  case verifyTicket
  /// `POST /partners/oauth/{appUUID}/token`.
  case partnerUser
  /// `POST /oauth/{appUUID}/token`.
  case refreshToken
  /// `POST /oauth/{appUUID}/logout`.
  case logout
  /// `campaigns.retrieve` in the standard context.
  case campaigns
  /// `campaigns.retrieve` in the authenticated context.
  case personalizedCampaigns
  /// `GET /api/session/{sessionUuid}`.
  case singleCampaign
  /// `coupon.availability` in the standard context.
  case couponAvailability
  /// `coupon.retrieve_multilingual` in the standard context.
  case couponSets
  /// `coupon.user_coupons` in the authenticated context.
  case coupons
  /// `coupon.validate` in the authenticated context.
  case validateCoupon
  /// `coupon.redeem` in the authenticated context.
  case redeemCoupon
  /// `coupon.redeemed_supermarket_history` in the authenticated context.
  case redeemedSupermarketHistory
  /// `shops.retrieve_multilingual` in the standard context.
  case merchants
  /// `shops.retrieve_categories` in the standard context.
  case merchantCategories
  /// `content.retrieve_multilingual` in the standard context.
  case articles
  /// `shops.retrieve_pois` in the standard context: the geofencing points of interest.
  case pointsOfInterest
  /// `consumer_data.handle_user_details` in the authenticated context.
  case profile
  /// `consumer_data.get_transaction_history` in the authenticated context.
  case transactions
  /// `consumer_data.get_points_history` in the authenticated context.
  case pointsHistory
  /// `consumer_data.get_market_pass_details` in the authenticated context.
  case marketPass
  /// `cards.add_card` in the authenticated context.
  case addCard
  /// `cards.get_cards` in the authenticated context.
  case cards
  /// `cards.delete_card` in the authenticated context.
  case deleteCard
  /// `POST /user/{appUUID}/register`.
  case register
  /// `POST /user/{appUUID}/change_password`.
  case changePassword
  /// `POST /user/{appUUID}/reset_password`.
  case resetPassword
  /// `POST /user/{appUUID}/request_otp`.
  case requestOTP
  /// `POST /api/async/analytics/{appUUID}/`.
  case analytics
  /// `POST /api/async/info/{appUUID}/`.
  case deviceInfo
  /// `POST /v1/connect/token` (flow client verification).
  case flowToken
  /// `POST /v1/pin/{SetPin,ChangePin,ForgotPin}SendOtp`.
  case pinSendOtp
  /// `POST /v1/pin/ResendOtp`.
  case pinResendOtp
  /// `POST /v1/pin/{SetPin,ChangePin,ForgotPin}VerifyOtp`.
  case pinVerifyOtp
  /// `POST /v1/pin/SetPin`.
  case setPIN
  /// `POST /v1/pin/ChangePin`.
  case changePIN
  /// `POST /v1/pin/ForgotPinReset`.
  case forgotPINReset
  /// `GET /v1/transaction/CPQRCPaymentValidation/{paymentReference}`.
  case cpqrcValidate
  /// `POST /v1/transaction/CPQRCPaymentConfirm` (multipart).
  case cpqrcConfirm
  /// `GET /v1/transaction/CPQRCPaymentStatus/{paymentReference}`.
  case cpqrcStatus
  /// `GET /v1/transaction/ResendTransactionOTP/{transactionId}`.
  case cpqrcResendOtp
  /// `GET /api/mobile/v2/{appUUID}/directory/manifest`.
  case directoryManifest
  /// `GET /api/mobile/v2/{appUUID}/directory/snapshot/{version}`.
  case directorySnapshot
  /// A request no route matched: an unknown path, wrapper key or action.
  case unrouted

  public var description: String { rawValue }

  /// The key under which a successful answer of the call holds its list, in the
  /// ``SandboxListForm/keyed`` form (`"points_history"` for ``pointsHistory``, inside
  /// `result`); `nil` for a call whose answer holds no list, and for ``unrouted``. The
  /// list forms of ``SandboxConfiguration/listForm`` move this list.
  public var listKey: String? {
    guard case .list(let key)? = SandboxRoutes.route(for: self)?.answer else { return nil }
    return key
  }

  /// Whether the call logs in or refreshes, so fault profiles can spare it.
  public var isAuthentication: Bool {
    switch self {
    case .emailLogin, .verifyTicket, .partnerUser, .refreshToken, .logout, .flowToken: true
    default: false
    }
  }
}
