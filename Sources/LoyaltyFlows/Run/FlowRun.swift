import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One run of an account or payment flow: a state machine without UI that a host's
/// screens drive.
///
/// Observe ``states()`` (or read ``state``), send inputs with the methods below, and get
/// the outcome once, from ``outcome`` or the ``FlowCallbacks`` given when the run was
/// made. An input the current state does not accept throws
/// ``LoyaltyCore/LoyaltyError/Code/flowInputRefused`` and changes nothing. Inputs are
/// decided atomically: of two concurrent inputs, the first moves the run to a busy
/// state and the second is refused.
///
/// | state | accepts |
/// |---|---|
/// | `idle` | ``start()`` |
/// | `ready` | ``requestCode()``, ``back()`` (cancels) |
/// | `awaitingCode` | ``submitCode(_:)``, ``resendCode()``, ``back()`` |
/// | `codeExpired` | ``resendCode()``, ``back()`` |
/// | `awaitingPIN(.new)` | ``submitPIN(_:confirmation:)``, ``back()`` (to `ready`, seed 41) |
/// | `awaitingPIN(.change)` | ``submitPINChange(old:new:confirmation:)``, ``back()`` (cancels) |
/// | `awaitingFaceImages` | ``provideFaceImages(smile:blink:)``, ``back()`` (cancels) |
/// | any but terminal | ``cancel()`` |
///
/// A step refused with a non-fatal status (400, 404, 409, 422) throws
/// ``LoyaltyCore/LoyaltyError/Code/flowStepRejected`` and returns to the state it came
/// from; a fatal one (401, 444, 500, 501) ends the run as ``FlowFailure/Reason/fatalStatus(_:)``.
public actor FlowRun {
  /// The flow this run drives.
  public nonisolated let kind: FlowKind

  private let environment: FlowEnvironment
  private let endpoints: FlowEndpoints
  private let paymentReference: String?
  private let callbacks: FlowCallbacks?
  private let publisher = FlowPublisher()
  private let logger: LoyaltyLogger

  private var accessToken: String?
  private var sessionDeadline: Date?
  private var forgotIdentifier: String?
  private var payment: PaymentDetails?
  private var pendingChallenge: OTPChallenge?
  private var smileImage: FlowImage?
  private var blinkImage: FlowImage?
  private var cancelInflight: (@Sendable () -> Void)?
  private var sessionTimer: Task<Void, Never>?
  private var codeTimer: Task<Void, Never>?

  init(
    kind: FlowKind, wToken: String, paymentReference: String?, callbacks: FlowCallbacks?,
    environment: FlowEnvironment
  ) {
    self.kind = kind
    self.environment = environment
    self.paymentReference = paymentReference
    self.callbacks = callbacks
    self.logger = environment.logger.addingSecrets([wToken])
    self.endpoints = FlowEndpoints(
      kind: kind, wToken: wToken, language: environment.language,
      clientID: environment.clientID, clientSecret: environment.clientSecret)
  }

  // MARK: Observing

  /// The current state.
  public nonisolated var state: FlowState { publisher.current }

  /// The states from now on, starting with the current one; the stream ends after the
  /// terminal state. Each call makes a new stream.
  public nonisolated func states() -> AsyncStream<FlowState> { publisher.states() }

  /// The session timer's ticks (one per second on the SDK's clock, from client
  /// verification's `expiresIn`); the stream ends with the run.
  public nonisolated func sessionTicks() -> AsyncStream<SessionTick> { publisher.ticks() }

  /// Whole seconds left in the session, computed from its deadline; `nil` before client
  /// verification.
  public nonisolated var sessionSecondsLeft: Int? {
    publisher.tick.map { OTPChallenge.wholeSeconds($0.deadline.timeIntervalSince(clock.now)) }
  }

  /// Whole seconds until the awaited code expires; `nil` when no code is awaited.
  public nonisolated var codeSecondsLeft: Int? {
    switch publisher.current {
    case .awaitingCode(let challenge): challenge.secondsUntilExpiry(at: clock.now)
    default: nil
    }
  }

  /// The run's outcome, once it has ended.
  public nonisolated var outcome: FlowOutcome {
    get async { await publisher.awaitOutcome() }
  }

  private nonisolated var clock: any LoyaltyClock { environment.clock }

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

  /// Asks the server for a one-time code, from the start screen.
  public func requestCode() async throws {
    try accept("requestCode") { $0 == .ready }
    try checkSession()
    publisher.publish(.requestingCode)
    let challenge = try await call(endpoints.sendCode(token: token), returningTo: .ready)
    awaitCode(makeChallenge(challenge))
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

  // MARK: Steps

  private func confirmPayment(code: String, challenge: OTPChallenge) async throws {
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

  private var token: String { accessToken ?? "" }

  private func seal(new: String, confirmation: String, old: String?) throws -> (
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

  /// Sends a step's call. On a fatal status the run fails; on any other error it
  /// returns to `previous` and the error is thrown for the host to show.
  private func call<Response: Sendable>(
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
      let status = Int(error.metadata["status"] ?? "") ?? 0
      fail(.fatalStatus(status), error)
      throw error
    case .failure(let error):
      publisher.publish(previous)
      throw error
    }
  }

  /// Sends a call that checks a code: a refusal costs an attempt, and the last attempt
  /// ends the run.
  @discardableResult
  private func call<Response: Sendable>(
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

  private func missing(_ field: String, returningTo previous: FlowState) -> LoyaltyError {
    publisher.publish(previous)
    return LoyaltyError(
      .missingField, "The answer has no \(field).", metadata: ["field": field])
  }

  // MARK: Transitions

  private func accept(_ input: String, _ allowed: (FlowState) -> Bool) throws {
    guard allowed(state) else { throw refusal(input) }
  }

  private func refusal(_ input: String) -> LoyaltyError {
    let current = state
    if current.isTerminal {
      return LoyaltyError(
        .flowInputRefused, "\(input) is refused: the flow has ended (\(current.name)).",
        metadata: ["input": input, "state": current.name])
    }
    return LoyaltyError(
      .flowInputRefused, "\(input) is not accepted in state \(current.name).",
      metadata: ["input": input, "state": current.name])
  }

  private func endedError() -> LoyaltyError {
    switch state {
    case .failed(let failure): failure.error
    default: LoyaltyError(.flowCancelled, "The flow was cancelled while the call was under way.")
    }
  }

  private func makeChallenge(_ answer: FlowEndpoints.Challenge) -> OTPChallenge {
    if !answer.missing.isEmpty {
      logger.warning(
        "The code answer lacks \(answer.missing.joined(separator: ", ")); defaults used.")
    }
    let now = clock.now
    return OTPChallenge(
      expiresAt: now.addingTimeInterval(answer.expirySeconds),
      resendAvailableAt: now.addingTimeInterval(answer.resendAfterSeconds),
      attemptsLeft: answer.attempts)
  }

  private func awaitCode(_ challenge: OTPChallenge) {
    publisher.publish(.awaitingCode(challenge))
    startCodeTimer(challenge)
  }

  private func codeExpired(_ challenge: OTPChallenge) {
    codeTimer?.cancel()
    publisher.publish(.codeExpired(challenge))
  }

  private func succeed(_ result: FlowResult) {
    end(.succeeded(result), outcome: .success(result))
  }

  private func fail(_ reason: FlowFailure.Reason, _ error: LoyaltyError) {
    let failure = FlowFailure(reason: reason, error: error)
    end(.failed(failure), outcome: .failure(failure))
  }

  private func end(_ terminal: FlowState, outcome: FlowOutcome) {
    guard publisher.end(terminal, outcome: outcome) else { return }
    cancelInflight?()
    cancelInflight = nil
    sessionTimer?.cancel()
    codeTimer?.cancel()
    accessToken = nil
    forgotIdentifier = nil
    smileImage = nil
    blinkImage = nil
    logger.info("\(kind) ended: \(terminal.name).")
    callbacks?.deliver(outcome)
  }

  // MARK: Timers

  /// Starts the session timer: a tick per second computed from the deadline, so time
  /// spent suspended in the background counts.
  private func startSession(expiresIn: TimeInterval) {
    sessionTimer?.cancel()
    let deadline = clock.now.addingTimeInterval(expiresIn)
    sessionDeadline = deadline
    let clock = self.clock
    let publisher = self.publisher
    // The first tick is published before this returns, so `sessionSecondsLeft` is known
    // as soon as the client is verified; each later one is computed from the deadline.
    let first = OTPChallenge.wholeSeconds(expiresIn)
    publisher.publish(SessionTick(secondsLeft: first, deadline: deadline))
    sessionTimer = Task { [weak self] in
      var seconds = first
      while !Task.isCancelled {
        if seconds == 0 {
          await self?.sessionExpired()
          return
        }
        let left = deadline.timeIntervalSince(clock.now)
        do {
          try await clock.sleep(for: max(0, left - Double(seconds - 1)))
        } catch {
          return
        }
        seconds = OTPChallenge.wholeSeconds(deadline.timeIntervalSince(clock.now))
        publisher.publish(SessionTick(secondsLeft: seconds, deadline: deadline))
      }
    }
  }

  private func checkSession() throws {
    guard let sessionDeadline, clock.now >= sessionDeadline else { return }
    sessionExpired()
    throw endedError()
  }

  private func sessionExpired() {
    fail(
      .sessionExpired,
      LoyaltyError(
        .flowSessionExpired, "Session expired.",
        recoverySuggestion: "Start the flow again."))
  }

  private func startCodeTimer(_ challenge: OTPChallenge) {
    codeTimer?.cancel()
    let clock = self.clock
    codeTimer = Task { [weak self] in
      let left = challenge.expiresAt.timeIntervalSince(clock.now)
      if left > 0 {
        do { try await clock.sleep(for: left) } catch { return }
      }
      await self?.codeTimedOut(challenge)
    }
  }

  private func codeTimedOut(_ challenge: OTPChallenge) {
    guard state == .awaitingCode(challenge) else { return }
    publisher.publish(.codeExpired(challenge))
  }
}
