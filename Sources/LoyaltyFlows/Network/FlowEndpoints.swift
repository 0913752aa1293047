import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The calls of one flow run, each with the run's headers: `scope` for the flow,
/// `w-token`, `lang` from the configuration and, after client verification, the bearer
/// token it issued (seed 24-28, 59, 190-193). Paths and fields: `Docs/API.md`,
/// "Account and payment flows". The PIN calls' form fields are snake_case names the
/// SDK's log masking recognises (`pin`, `confirm_pin`, `otp`), so even the ciphertext
/// stays out of logs.
struct FlowEndpoints: Sendable {
  let kind: FlowKind
  let wToken: String
  let language: String
  let clientID: String
  let clientSecret: String
  /// The payments backend's base URL, when it is not the client's.
  var baseURL: URL?

  /// A server's relative OTP answer, with the fields it lacked (defaults used).
  struct Challenge: Sendable {
    var expirySeconds: Double
    var resendAfterSeconds: Double
    var attempts: Int
    var missing: [String]
  }

  /// The client-verification answer.
  struct Grant: Sendable {
    var accessToken: String
    var expiresIn: Double
  }

  func headers(accessToken: String?) -> HTTPHeaders {
    var headers: HTTPHeaders = ["scope": kind.scope, "w-token": wToken, "lang": language]
    if let accessToken {
      headers.add(name: "Authorization", value: "Bearer \(accessToken)")
    }
    return headers
  }

  private func endpoint<Response>(
    _ name: String, _ method: HTTPMethod, _ path: String, parameters: [String: String] = [:],
    body: RequestBody = .none, token: String?,
    decode: @escaping @Sendable (ResponseEnvelope) throws -> Response
  ) -> Endpoint<Response> {
    var endpoint = Endpoint(
      name: name, method: method, path: path, parameters: parameters, auth: .standard,
      body: body, isIdempotent: false, headers: headers(accessToken: token), check: .httpOnly,
      decode: decode)
    // A flow is driven by a person: a failed step is shown, never re-sent behind them.
    endpoint.allowsRetries = false
    endpoint.baseURL = baseURL
    return endpoint
  }

  // MARK: Client verification

  /// The flow's first call: a backend without flows answers it (`NotOffered`), so an
  /// answer without an access token means the flows are not offered.
  func clientVerification() -> Endpoint<Grant> {
    var verification = endpoint(
      "flowClientVerification", .post, "/v1/connect/token",
      body: .form([
        .init("client_id", clientID), .init("client_secret", clientSecret),
        .init("grant_type", "client_credentials"), .init("scope", kind.scope),
      ]), token: nil
    ) { envelope in
      guard
        let token = (envelope["access_token"] ?? envelope["accessToken"])?.looseString,
        !token.isEmpty
      else {
        throw NotOffered.error(
          call: "flowClientVerification", "the answer holds no access_token")
      }
      guard let expiresIn = (envelope["expires_in"] ?? envelope["expiresIn"])?.looseDouble,
        expiresIn > 0
      else {
        throw LoyaltyError(
          .missingField, "The client verification has no positive expires_in.",
          metadata: ["field": "expires_in"])
      }
      return Grant(accessToken: token, expiresIn: expiresIn)
    }
    verification.isBeyondContract = true
    return verification
  }

  // MARK: PIN flows

  /// The path segment of the PIN flow's OTP calls: `SetPin`, `ChangePin`, `ForgotPin`.
  private var pinFlowName: String {
    switch kind {
    case .setPIN: "SetPin"
    case .changePIN: "ChangePin"
    case .forgotPIN: "ForgotPin"
    case .qrPayment: "Transaction"
    }
  }

  func sendCode(token: String) -> Endpoint<Challenge> {
    endpoint(
      "\(kind)SendOtp", .post, "/v1/pin/\(pinFlowName)SendOtp", body: .form([]), token: token,
      decode: Self.challenge)
  }

  func resendCode(token: String) -> Endpoint<Challenge> {
    endpoint(
      "\(kind)ResendOtp", .post, "/v1/pin/ResendOtp",
      body: .form([.init("type", pinFlowName)]), token: token, decode: Self.challenge)
  }

  func verifyCode(_ code: String, token: String) -> Endpoint<String?> {
    endpoint(
      "\(kind)VerifyOtp", .post, "/v1/pin/\(pinFlowName)VerifyOtp",
      body: .form([.init("otp", code)]), token: token
    ) { envelope in
      envelope["forgetPinIdentifier"]?.looseString
    }
  }

  func setPIN(pin: String, confirmation: String, token: String) -> Endpoint<Void> {
    endpoint(
      "setPIN", .post, "/v1/pin/SetPin",
      body: .form([.init("pin", pin), .init("confirm_pin", confirmation)]), token: token
    ) { _ in () }
  }

  func changePIN(old: String, new: String, confirmation: String, token: String)
    -> Endpoint<Challenge>
  {
    endpoint(
      "changePIN", .post, "/v1/pin/ChangePin",
      body: .form([
        .init("old_pin", old), .init("new_pin", new), .init("confirm_pin", confirmation),
      ]), token: token, decode: Self.challenge)
  }

  func resetPIN(identifier: String, pin: String, confirmation: String, token: String)
    -> Endpoint<Void>
  {
    endpoint(
      "forgotPINReset", .post, "/v1/pin/ForgotPinReset",
      body: .form([
        .init("identifier", identifier), .init("pin", pin), .init("confirm_pin", confirmation),
      ]), token: token
    ) { _ in () }
  }

  // MARK: QR payment (seed 133-138)

  func validatePayment(reference: String, token: String) -> Endpoint<
    (PaymentDetails, Challenge)
  > {
    endpoint(
      "cpqrcValidate", .get, "/v1/transaction/CPQRCPaymentValidation/{paymentReference}",
      parameters: ["paymentReference": reference], token: token
    ) { envelope in
      guard let transactionID = envelope["transactionId"]?.looseString, !transactionID.isEmpty
      else {
        throw LoyaltyError(
          .missingField, "The payment validation has no transactionId.",
          metadata: ["field": "transactionId"])
      }
      let details = PaymentDetails(
        paymentReference: reference, transactionID: transactionID,
        amount: envelope["amount"]?.looseString,
        merchantName: envelope["merchantName"]?.looseString,
        faceVerificationRequired: envelope["isFaceVerificationRequired"]?.looseBool ?? false)
      return (details, try Self.challenge(envelope))
    }
  }

  func resendPaymentCode(transactionID: String, token: String) -> Endpoint<Challenge> {
    endpoint(
      "cpqrcResendOtp", .get, "/v1/transaction/ResendTransactionOTP/{transactionId}",
      parameters: ["transactionId": transactionID], token: token, decode: Self.challenge)
  }

  func confirmPayment(
    transactionID: String, code: String, smile: FlowImage?, blink: FlowImage?, token: String
  ) -> Endpoint<Void> {
    var parts: [MultipartPart] = [.text("TransactionId", transactionID), .text("Otp", code)]
    if let smile { parts.append(smile.part(name: "SmileImage", stem: "smile")) }
    if let blink { parts.append(blink.part(name: "BlinkImage", stem: "blink")) }
    return endpoint(
      "cpqrcConfirm", .post, "/v1/transaction/CPQRCPaymentConfirm", body: .multipart(parts),
      token: token
    ) { _ in () }
  }

  func paymentStatus(reference: String, token: String) -> Endpoint<String?> {
    endpoint(
      "cpqrcStatus", .get, "/v1/transaction/CPQRCPaymentStatus/{paymentReference}",
      parameters: ["paymentReference": reference], token: token
    ) { envelope in
      envelope["paymentStatus"]?.looseString
    }
  }

  // MARK: Decoding

  /// `otpExpirySeconds` (seed 106), `resendAfterSeconds` and `attemptsLeft` (chosen
  /// here); missing ones default to 120, 30 and 3 and are reported.
  @Sendable static func challenge(_ envelope: ResponseEnvelope) throws -> Challenge {
    var missing: [String] = []
    func read(_ key: String, _ fallback: Double) -> Double {
      if let value = envelope[key]?.looseDouble, value >= 0 { return value }
      missing.append(key)
      return fallback
    }
    let expiry = read("otpExpirySeconds", 120)
    let resend = read("resendAfterSeconds", 30)
    let attempts = read("attemptsLeft", 3)
    return Challenge(
      expirySeconds: expiry, resendAfterSeconds: resend,
      attempts: max(1, Int(min(attempts, 100))), missing: missing)
  }
}
