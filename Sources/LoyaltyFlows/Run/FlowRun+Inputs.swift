import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The inputs a host's screens send, each accepted only in the states the table on
/// ``FlowRun`` lists.
extension FlowRun {
  // MARK: Inputs

  /// Verifies the client (starting the session timer), then moves to the flow's first
  /// screen: `ready` (set and forgot PIN), `awaitingPIN(.change)`, or, for a payment,
  /// validates the reference and moves to `awaitingFaceImages` or `awaitingCode`.
  public func start() async throws {
    try accept("start") { $0 == .idle }
    publisher.publish(.verifyingClient)
    let grant = try await call(endpoints.clientVerification(), returningTo: .idle)
    accessToken = grant.accessToken
    startSession(expiresIn: grant.expiresIn)
    switch kind {
    case .setPIN, .forgotPIN:
      publisher.publish(.ready)
    case .changePIN:
      publisher.publish(.awaitingPIN(.change))
    case .qrPayment:
      publisher.publish(.validatingPayment)
      let (details, challenge) = try await call(
        endpoints.validatePayment(reference: paymentReference ?? "", token: token),
        returningTo: .idle)
      payment = details
      let awaited = makeChallenge(challenge)
      if details.faceVerificationRequired {
        pendingChallenge = awaited
        publisher.publish(.awaitingFaceImages(details))
      } else {
        awaitCode(awaited)
      }
    }
  }

  /// Asks the server for a one-time code, from the start screen. In a run that requires
  /// the terms, refused with ``LoyaltyCore/LoyaltyError/Code/flowInputRefused`` until
  /// ``acceptTerms()``: nothing is sent.
  public func requestCode() async throws {
    try accept("requestCode") { $0 == .ready }
    let acceptance = termsAcceptance
    guard acceptance.allowsCode else {
      throw LoyaltyError(
        .flowInputRefused, "requestCode is refused until the terms are accepted.",
        recoverySuggestion: "Show the terms and call acceptTerms() first.",
        metadata: ["input": "requestCode", "state": state.name, "terms": acceptance.rawValue])
    }
    try checkSession()
    publisher.publish(.requestingCode)
    let challenge = try await call(endpoints.sendCode(token: token), returningTo: .ready)
    awaitCode(makeChallenge(challenge))
  }

  /// Records that the user accepted the terms on the start screen (seed 004 line 37:
  /// the welcome screen proceeds to the code). Accepted in `ready`, in a run that
  /// requires the terms and has no answer yet; nothing is sent.
  public func acceptTerms() throws {
    try accept("acceptTerms") { $0 == .ready && termsAcceptance == .pending }
    terms.withLock { $0 = .accepted }
    logger.info("\(kind): the terms were accepted.")
  }

  /// Records that the user declined the terms: the run ends with
  /// ``FlowOutcome/termsDeclined`` (state `cancelled`), and no code was asked for.
  /// Accepted where ``acceptTerms()`` is.
  public func declineTerms() throws {
    try accept("declineTerms") { $0 == .ready && termsAcceptance == .pending }
    terms.withLock { $0 = .declined }
    end(.cancelled, outcome: .termsDeclined)
  }

  /// Asks for a new code: refused with ``LoyaltyCore/LoyaltyError/Code/resendTooEarly``
  /// (its `secondsLeft` metadata says how long to wait) before the server allows it.
  public func resendCode() async throws {
    let previous = state
    let challenge: OTPChallenge
    switch previous {
    case .awaitingCode(let current), .codeExpired(let current): challenge = current
    default: throw refusal("resendCode")
    }
    try checkSession()
    let wait = challenge.secondsUntilResend(at: clock.now)
    guard wait == 0 else {
      throw LoyaltyError(
        .resendTooEarly, "A new code may be asked for in \(wait) s.",
        metadata: ["secondsLeft": String(wait)])
    }
    codeTimer?.cancel()
    publisher.publish(.requestingCode)
    let endpoint =
      kind == .qrPayment
      ? endpoints.resendPaymentCode(transactionID: payment?.transactionID ?? "", token: token)
      : endpoints.resendCode(token: token)
    do {
      let fresh = try await call(endpoint, returningTo: previous)
      awaitCode(makeChallenge(fresh))
    } catch {
      if case .awaitingCode(let challenge) = state { startCodeTimer(challenge) }
      throw error
    }
  }

  /// Submits the one-time code the user typed (digits only, 4 to 8).
  public func submitCode(_ code: String) async throws {
    guard case .awaitingCode(let challenge) = state else { throw refusal("submitCode") }
    try checkSession()
    guard (4...8).contains(code.utf8.count), code.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else {
      throw LoyaltyError(
        .invalidArgument, "A one-time code has 4 to 8 digits.", metadata: ["field": "code"])
    }
    guard challenge.secondsUntilExpiry(at: clock.now) > 0 else {
      codeExpired(challenge)
      throw LoyaltyError(
        .otpExpired, "The code expired; ask for a new one.",
        recoverySuggestion: "Call resendCode().")
    }
    codeTimer?.cancel()
    let busy: FlowState = kind == .qrPayment ? .confirmingPayment : .verifyingCode
    publisher.publish(busy)
    do {
      switch kind {
      case .setPIN, .forgotPIN:
        let identifier = try await call(
          endpoints.verifyCode(code, token: token), attempt: challenge)
        if kind == .forgotPIN {
          guard let identifier, !identifier.isEmpty else {
            throw missing("forgetPinIdentifier", returningTo: .awaitingCode(challenge))
          }
          forgotIdentifier = identifier
        }
        publisher.publish(.awaitingPIN(.new))
      case .changePIN:
        _ = try await call(endpoints.verifyCode(code, token: token), attempt: challenge)
        succeed(.pinChanged)
      case .qrPayment:
        try await confirmPayment(code: code, challenge: challenge)
      }
    } catch {
      if case .awaitingCode(let current) = state { startCodeTimer(current) }
      throw error
    }
  }

  /// Submits a new PIN and its confirmation (set and forgot PIN). The PIN is checked
  /// against the rules before anything is sent, encrypted just before sending, and its
  /// bytes are wiped afterwards.
  public func submitPIN(_ pin: String, confirmation: String) async throws {
    guard case .awaitingPIN(.new) = state else { throw refusal("submitPIN") }
    try checkSession()
    let sealed = try seal(new: pin, confirmation: confirmation, old: nil)
    publisher.publish(.submittingPIN)
    switch kind {
    case .forgotPIN:
      _ = try await call(
        endpoints.resetPIN(
          identifier: forgotIdentifier ?? "", pin: sealed.new, confirmation: sealed.confirmation,
          token: token), returningTo: .awaitingPIN(.new))
      forgotIdentifier = nil
      succeed(.pinReset)
    default:
      _ = try await call(
        endpoints.setPIN(pin: sealed.new, confirmation: sealed.confirmation, token: token),
        returningTo: .awaitingPIN(.new))
      succeed(.pinSet)
    }
  }

  /// Submits the old PIN, a new one and its confirmation (change PIN); the server then
  /// sends a one-time code.
  public func submitPINChange(old: String, new: String, confirmation: String) async throws {
    guard case .awaitingPIN(.change) = state else { throw refusal("submitPINChange") }
    try checkSession()
    let sealed = try seal(new: new, confirmation: confirmation, old: old)
    publisher.publish(.submittingPIN)
    let challenge = try await call(
      endpoints.changePIN(
        old: sealed.old ?? "", new: sealed.new, confirmation: sealed.confirmation, token: token),
      returningTo: .awaitingPIN(.change))
    awaitCode(makeChallenge(challenge))
  }

  /// Gives the face images a payment asks for (JPEG or PNG, told by their bytes, at most
  /// the module's cap each).
  public func provideFaceImages(smile: Data, blink: Data) async throws {
    guard case .awaitingFaceImages = state, let challenge = pendingChallenge else {
      throw refusal("provideFaceImages")
    }
    try checkSession()
    smileImage = try FlowImage(smile, field: "SmileImage", byteLimit: environment.imageByteLimit)
    do {
      blinkImage = try FlowImage(
        blink, field: "BlinkImage", byteLimit: environment.imageByteLimit)
    } catch {
      smileImage = nil
      throw error
    }
    pendingChallenge = nil
    if challenge.secondsUntilExpiry(at: clock.now) > 0 {
      awaitCode(challenge)
    } else {
      codeExpired(challenge)
    }
  }

  /// Goes back one screen. After the code of set PIN, the PIN screen goes back to the
  /// start screen, not to the code (seed 41); from a flow's first screen, back cancels.
  public func back() async throws {
    let current = state
    switch (kind, current) {
    case (.setPIN, .awaitingPIN(.new)), (.forgotPIN, .awaitingPIN(.new)),
      (.setPIN, .awaitingCode), (.setPIN, .codeExpired),
      (.forgotPIN, .awaitingCode), (.forgotPIN, .codeExpired):
      codeTimer?.cancel()
      forgotIdentifier = nil
      publisher.publish(.ready)
    case (.changePIN, .awaitingCode), (.changePIN, .codeExpired):
      codeTimer?.cancel()
      publisher.publish(.awaitingPIN(.change))
    case (.qrPayment, .awaitingCode), (.qrPayment, .codeExpired):
      if let payment, payment.faceVerificationRequired {
        codeTimer?.cancel()
        if case .awaitingCode(let challenge) = current {
          pendingChallenge = challenge
        } else if case .codeExpired(let challenge) = current {
          pendingChallenge = challenge
        }
        smileImage = nil
        blinkImage = nil
        publisher.publish(.awaitingFaceImages(payment))
      } else {
        cancel()
      }
    case (_, .ready), (.changePIN, .awaitingPIN(.change)), (.qrPayment, .awaitingFaceImages):
      cancel()
    default:
      throw refusal("back")
    }
  }

  /// Cancels the run: any call under way is cancelled and the outcome is
  /// ``FlowOutcome/userCancel``. A call the server already acted on is not undone.
  /// Cancelling an ended run does nothing.
  public func cancel() {
    end(.cancelled, outcome: .userCancel)
  }
}
