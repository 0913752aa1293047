import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The account and payment flows: client verification, the PIN flows with their
/// one-time codes, and QR payment (`Docs/API.md`, "Account and payment flows").
///
/// Every call but client verification needs `Authorization: Bearer <token>` from client
/// verification, unexpired, with the `scope` header it was issued for (else 401), and a
/// `w-token` header (else 400). The one-time code is always ``SandboxBackend/flowOTPCode``.
/// The sandbox cannot decrypt PINs: it checks that each is base64 of an RSA ciphertext
/// (256, 384 or 512 bytes).
enum FlowHandlers {
  static let tokenLifetime = 300
  static let attempts = 3

  // MARK: Client verification

  static func token(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard call.string("client_id") != nil else { return .badField("client_id", "is required") }
    guard call.string("client_secret") != nil else {
      return .badField("client_secret", "is required")
    }
    guard call.string("grant_type") == "client_credentials" else {
      return .badField("grant_type", "must be client_credentials")
    }
    let scope = call.string("scope") ?? call.request.headers["scope"] ?? ""
    guard ["PinSet", "Transaction", "LinkBank"].contains(scope) else {
      return .badField("scope", "must be PinSet, Transaction or LinkBank")
    }
    let token = state.nextIdentifier("flow_")
    state.flows.grants[token] = SandboxFlowBook.Grant(
      scope: scope, expiresAt: call.now.addingTimeInterval(Double(tokenLifetime)))
    return .ok(["access_token": .string(token), "expires_in": .integer(tokenLifetime)])
  }

  // MARK: PIN flows

  static func sendCode(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let type = call.pathValue else { return .error(404, "Unknown flow.") }
    return authorized(call, state, scope: "PinSet") { token in
      issue("\(token)|\(type)", call, &state)
    }
  }

  static func resendCode(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let type = call.string("type"), ["SetPin", "ChangePin", "ForgotPin"].contains(type)
    else { return .badField("type", "must be SetPin, ChangePin or ForgotPin") }
    return authorized(call, state, scope: "PinSet") { token in
      resend("\(token)|\(type)", call, &state)
    }
  }

  static func verifyCode(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let type = call.pathValue else { return .error(404, "Unknown flow.") }
    return authorized(call, state, scope: "PinSet") { token in
      let key = "\(token)|\(type)"
      if let refusal = check(code: call.string("otp"), key: key, call, &state) {
        return refusal
      }
      guard type == "ForgotPin" else { return .ok(["message": "Code verified."]) }
      let identifier = state.nextIdentifier("forget_")
      state.flows.forgetIdentifiers[token] = identifier
      return .ok(["forgetPinIdentifier": .string(identifier)])
    }
  }

  static func setPIN(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "PinSet") { token in
      guard state.flows.challenges["\(token)|SetPin"]?.verified == true else {
        return .error(409, "Verify the one-time code first.")
      }
      if let refusal = checkSealed(call, ["pin", "confirm_pin"]) { return refusal }
      state.flows.challenges["\(token)|SetPin"] = nil
      state.flows.pinsSet.insert(call.request.headers["w-token"] ?? "")
      return .ok(["message": "PIN set."])
    }
  }

  static func changePIN(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "PinSet") { token in
      if let refusal = checkSealed(call, ["old_pin", "new_pin", "confirm_pin"]) {
        return refusal
      }
      return issue("\(token)|ChangePin", call, &state)
    }
  }

  static func resetPIN(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "PinSet") { token in
      guard let identifier = call.string("identifier"),
        state.flows.forgetIdentifiers[token] == identifier
      else { return .error(404, "Unknown or used forgetPinIdentifier.") }
      if let refusal = checkSealed(call, ["pin", "confirm_pin"]) { return refusal }
      state.flows.forgetIdentifiers[token] = nil
      state.flows.pinsSet.insert(call.request.headers["w-token"] ?? "")
      return .ok(["message": "PIN reset."])
    }
  }

  // MARK: QR payment

  static func validatePayment(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "Transaction") { token in
      guard let reference = call.pathValue, !reference.isEmpty,
        !reference.uppercased().hasPrefix("UNKNOWN")
      else { return .error(404, "Unknown payment reference.") }
      let transactionID = state.nextIdentifier("tx_")
      let faceRequired = reference.uppercased().hasPrefix("FACE")
      state.flows.payments[reference] = SandboxFlowBook.Payment(
        reference: reference, transactionID: transactionID, faceRequired: faceRequired)
      state.flows.paymentsByTransaction[transactionID] = reference
      var reply = issue("\(token)|tx:\(transactionID)", call, &state)
      if case .envelope(let status, var members) = reply.body {
        members["transactionId"] = .string(transactionID)
        members["amount"] = "12.50"
        members["merchantName"] = "Sandbox Coffee"
        members["isFaceVerificationRequired"] = .bool(faceRequired)
        reply.body = .envelope(status: status, members: members)
      }
      return reply
    }
  }

  static func resendPaymentCode(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "Transaction") { token in
      guard let transactionID = call.pathValue,
        state.flows.paymentsByTransaction[transactionID] != nil
      else { return .error(404, "Unknown transaction.") }
      return resend("\(token)|tx:\(transactionID)", call, &state)
    }
  }

  static func confirmPayment(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "Transaction") { token in
      guard let transactionID = call.string("TransactionId"),
        let reference = state.flows.paymentsByTransaction[transactionID],
        let payment = state.flows.payments[reference]
      else { return .error(404, "Unknown transaction.") }
      if payment.faceRequired {
        for name in ["SmileImage", "BlinkImage"] {
          guard case .object(let file)? = call.fields[name],
            let type = file["contentType"]?.stringValue,
            type == "image/jpeg" || type == "image/png"
          else { return .badField(name, "is required as a JPEG or PNG file") }
        }
      }
      if let refusal = check(
        code: call.string("Otp"), key: "\(token)|tx:\(transactionID)", call, &state)
      {
        return refusal
      }
      state.flows.payments[reference]?.confirmed = true
      return .ok(["message": "Payment confirmed.", "transactionId": .string(transactionID)])
    }
  }

  static func paymentStatus(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    authorized(call, state, scope: "Transaction") { _ in
      guard let reference = call.pathValue, let payment = state.flows.payments[reference] else {
        return .error(404, "Unknown payment reference.")
      }
      return .ok([
        "paymentStatus": .string(payment.confirmed ? "Success" : "Pending"),
        "transactionId": .string(payment.transactionID),
      ])
    }
  }

  // MARK: Shared rules

  private static func authorized(
    _ call: SandboxCall, _ state: SandboxState, scope: String,
    _ body: (String) -> SandboxReply
  ) -> SandboxReply {
    guard let token = call.request.bearerToken, let grant = state.flows.grants[token],
      grant.expiresAt > call.now
    else { return .error(401, "The flow token is missing, unknown or expired.") }
    guard grant.scope == scope, call.request.headers["scope"] == scope else {
      return .error(401, "This call needs the \(scope) scope.")
    }
    guard let wToken = call.request.headers["w-token"], !wToken.isEmpty else {
      return .error(400, "The w-token header is required.", extra: ["field": "w-token"])
    }
    return body(token)
  }

  private static func challengeFields(
    _ challenge: SandboxFlowBook.Challenge, _ flows: SandboxFlowBook
  ) -> [String: JSONValue] {
    [
      "otpExpirySeconds": .integer(Int(flows.codeLifetime)),
      "resendAfterSeconds": .integer(Int(flows.resendAfter)),
      "attemptsLeft": .integer(challenge.attemptsLeft),
    ]
  }

  private static func issue(
    _ key: String, _ call: SandboxCall, _ state: inout SandboxState
  ) -> SandboxReply {
    let challenge = SandboxFlowBook.Challenge(sentAt: call.now, attemptsLeft: attempts)
    state.flows.challenges[key] = challenge
    return .ok(challengeFields(challenge, state.flows))
  }

  private static func resend(
    _ key: String, _ call: SandboxCall, _ state: inout SandboxState
  ) -> SandboxReply {
    guard let current = state.flows.challenges[key] else {
      return .error(404, "No code was sent for this step.")
    }
    let opens = current.sentAt.addingTimeInterval(state.flows.resendAfter)
    guard call.now >= opens else {
      let wait = Int(opens.timeIntervalSince(call.now).rounded(.up))
      return .error(
        409, "A new code may be asked for in \(wait) s.", extra: ["secondsLeft": .integer(wait)])
    }
    return issue(key, call, &state)
  }

  /// `nil` when `code` is the challenge's; else the refusal: 404 without a challenge,
  /// 422 for an expired or wrong code, 444 once the attempts are used.
  private static func check(
    code: String?, key: String, _ call: SandboxCall, _ state: inout SandboxState
  ) -> SandboxReply? {
    guard var challenge = state.flows.challenges[key], !challenge.verified else {
      return .error(404, "No code is awaited for this step.")
    }
    guard call.now < challenge.sentAt.addingTimeInterval(state.flows.codeLifetime) else {
      return .error(422, "The code expired.", extra: ["field": "otp"])
    }
    guard code == SandboxBackend.flowOTPCode else {
      challenge.attemptsLeft -= 1
      state.flows.challenges[key] = challenge.attemptsLeft > 0 ? challenge : nil
      if challenge.attemptsLeft <= 0 {
        return .error(444, "Too many wrong codes.")
      }
      return .error(
        422, "Wrong code.", extra: ["attemptsLeft": .integer(challenge.attemptsLeft)])
    }
    challenge.verified = true
    state.flows.challenges[key] = challenge
    return nil
  }

  /// Each field must be base64 of an RSA ciphertext (256, 384 or 512 bytes).
  private static func checkSealed(_ call: SandboxCall, _ names: [String]) -> SandboxReply? {
    for name in names {
      guard let text = call.string(name), let data = Data(base64Encoded: text),
        [256, 384, 512].contains(data.count)
      else { return .badField(name, "must be the PIN encrypted with the server's RSA key") }
    }
    return nil
  }
}
