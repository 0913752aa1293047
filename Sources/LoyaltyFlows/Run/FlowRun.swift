import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
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
/// | `ready` | ``requestCode()`` (once the terms are accepted, when required), ``acceptTerms()``, ``declineTerms()`` (ends the run), ``back()`` (cancels) |
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

  let environment: FlowEnvironment
  let endpoints: FlowEndpoints
  let paymentReference: String?
  let callbacks: FlowCallbacks?
  let publisher = FlowPublisher()
  let logger: LoyaltyLogger
  let terms: Locked<FlowTermsAcceptance>

  var accessToken: String?
  var sessionDeadline: Date?
  var forgotIdentifier: String?
  var payment: PaymentDetails?
  var pendingChallenge: OTPChallenge?
  var smileImage: FlowImage?
  var blinkImage: FlowImage?
  var cancelInflight: (@Sendable () -> Void)?
  var sessionTimer: Task<Void, Never>?
  var codeTimer: Task<Void, Never>?

  init(
    kind: FlowKind, wToken: String, paymentReference: String?, requiringTerms: Bool = false,
    callbacks: FlowCallbacks?, environment: FlowEnvironment
  ) {
    self.kind = kind
    self.terms = Locked(requiringTerms ? .pending : .notRequired)
    self.environment = environment
    self.paymentReference = paymentReference
    self.callbacks = callbacks
    self.logger = environment.logger.addingSecrets([wToken])
    self.endpoints = FlowEndpoints(
      kind: kind, wToken: wToken, language: environment.language,
      clientID: environment.clientID, clientSecret: environment.clientSecret,
      baseURL: environment.baseURL)
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

  /// Where the run stands with the welcome screen's terms: `notRequired` unless the run
  /// was made with `requiringTerms: true`.
  public nonisolated var termsAcceptance: FlowTermsAcceptance { terms.withLock { $0 } }

  /// The run's outcome, once it has ended.
  public nonisolated var outcome: FlowOutcome {
    get async { await publisher.awaitOutcome() }
  }

  nonisolated var clock: any LoyaltyClock { environment.clock }
}
