import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The steps' calls to the server and the status policy: what a refusal or a fatal
/// status does to the run.
extension FlowRun {
  // MARK: Steps

  func confirmPayment(code: String, challenge: OTPChallenge) async throws {
    guard let payment else { throw refusal("submitCode") }
    try await call(
      endpoints.confirmPayment(
        transactionID: payment.transactionID, code: code, smile: smileImage, blink: blinkImage,
        token: token), attempt: challenge)
    smileImage = nil
    blinkImage = nil
    publisher.publish(.checkingPaymentStatus)
    var status: String?
    do {
      status = try await call(
        endpoints.paymentStatus(reference: payment.paymentReference, token: token),
        returningTo: .checkingPaymentStatus)
    } catch {
      if state.isTerminal { throw error }
      // The payment is confirmed; only reading its status failed.
      logger.warning("The payment was confirmed but its status could not be read: \(error)")
    }
    succeed(
      .payment(
        PaymentReceipt(
          paymentReference: payment.paymentReference, transactionID: payment.transactionID,
          status: status, amount: payment.amount)))
  }

  var token: String { accessToken ?? "" }

  func seal(new: String, confirmation: String, old: String?) throws -> (
    new: String, confirmation: String, old: String?
  ) {
    // One owner per buffer (no copy), so the wipe reaches the bytes that held the PIN.
    var checked = try environment.rules.check(new: new, confirmation: confirmation, old: old)
    defer {
      PINRules.wipe(&checked.new)
      PINRules.wipe(&checked.old)
    }
    let cipher = environment.cipher
    // The confirmation equals the new PIN; it is encrypted separately, as the server
    // checks both.
    return (
      try cipher.seal(checked.new), try cipher.seal(checked.new),
      try checked.old.map(cipher.seal)
    )
  }

  // MARK: Calls and the status policy

  // Not specialised: runs once per step: one copy for every response type (a copy per type cost 20 KB).

  /// Sends a step's call. On a fatal status the run fails; on any other error it
  /// returns to `previous` and the error is thrown for the host to show.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func call<Response: Sendable>(
    _ endpoint: Endpoint<Response>, returningTo previous: FlowState
  ) async throws -> Response {
    let network = environment.network
    let policy = environment.policy
    let task = Task { try await policy.send(endpoint, on: network) }
    cancelInflight = { task.cancel() }
    let result = await task.result
    cancelInflight = nil
    if state.isTerminal {
      throw endedError()
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let error as LoyaltyError) where error.code == .flowFatalStatus:
      let status = error.httpStatus ?? 0
      fail(.fatalStatus(status), error)
      throw error
    case .failure(let error as LoyaltyError) where error.code == .notOffered:
      // Nothing of the flow can run on this backend: the run ends, with one outcome.
      fail(.notOffered, error)
      throw error
    case .failure(let error):
      publisher.publish(previous)
      throw error
    }
  }

  // Not specialised: runs once per step: one copy for every response type (a copy per type cost 20 KB).

  /// Sends a call that checks a code: a refusal costs an attempt, and the last attempt
  /// ends the run.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  @discardableResult
  func call<Response: Sendable>(
    _ endpoint: Endpoint<Response>, attempt challenge: OTPChallenge
  ) async throws -> Response {
    let after = challenge.consumingAttempt()
    do {
      return try await call(endpoint, returningTo: .awaitingCode(after))
    } catch let error as LoyaltyError where error.code == .flowStepRejected {
      if after.attemptsLeft == 0 {
        let exhausted = LoyaltyError(
          .otpAttemptsExhausted, "Every attempt at the code was used.", underlying: error)
        fail(.attemptsExhausted, exhausted)
        throw exhausted
      }
      throw error
    }
  }

  func missing(_ field: String, returningTo previous: FlowState) -> LoyaltyError {
    publisher.publish(previous)
    return LoyaltyError(
      .missingField, "The answer has no \(field).", metadata: ["field": field])
  }
}
