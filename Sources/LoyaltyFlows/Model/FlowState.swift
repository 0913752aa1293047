/// Where a flow run is. Each flow moves through a subset of these states; the inputs
/// each state accepts are listed on ``FlowRun``.
///
/// No state carries a PIN or a code: a state's description is safe to log.
public enum FlowState: Sendable, Equatable, CustomStringConvertible {
  /// Created, not started: ``FlowRun/start()``.
  case idle
  /// Client verification is under way (it starts the session timer).
  case verifyingClient
  /// The flow's start screen (set and forgot PIN): ``FlowRun/requestCode()``.
  case ready
  /// A one-time code is being asked for (first send or resend).
  case requestingCode
  /// Waiting for the one-time code: ``FlowRun/submitCode(_:)``, ``FlowRun/resendCode()``.
  case awaitingCode(OTPChallenge)
  /// The code was sent for checking.
  case verifyingCode
  /// The code expired while waiting: ``FlowRun/resendCode()`` or ``FlowRun/cancel()``.
  case codeExpired(OTPChallenge)
  /// Waiting for a PIN: ``FlowRun/submitPIN(_:confirmation:)`` or
  /// ``FlowRun/submitPINChange(old:new:confirmation:)``.
  case awaitingPIN(PINEntry)
  /// The encrypted PIN was sent.
  case submittingPIN
  /// The payment reference is being validated.
  case validatingPayment
  /// The server asks for face images: ``FlowRun/provideFaceImages(smile:blink:)``.
  case awaitingFaceImages(PaymentDetails)
  /// The payment is being confirmed with the code (and the face images).
  case confirmingPayment
  /// The payment's status is being read.
  case checkingPaymentStatus
  /// The flow succeeded (terminal).
  case succeeded(FlowResult)
  /// The flow failed (terminal).
  case failed(FlowFailure)
  /// The user cancelled (terminal).
  case cancelled

  /// Whether the run has ended; no input is accepted any more.
  public var isTerminal: Bool {
    switch self {
    case .succeeded, .failed, .cancelled: true
    default: false
    }
  }

  /// Whether a call is under way; only ``FlowRun/cancel()`` is accepted.
  public var isBusy: Bool {
    switch self {
    case .verifyingClient, .requestingCode, .verifyingCode, .submittingPIN, .validatingPayment,
      .confirmingPayment, .checkingPaymentStatus:
      true
    default: false
    }
  }

  /// The state's name: `awaitingCode`, `failed`.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .verifyingClient: "verifyingClient"
    case .ready: "ready"
    case .requestingCode: "requestingCode"
    case .awaitingCode: "awaitingCode"
    case .verifyingCode: "verifyingCode"
    case .codeExpired: "codeExpired"
    case .awaitingPIN: "awaitingPIN"
    case .submittingPIN: "submittingPIN"
    case .validatingPayment: "validatingPayment"
    case .awaitingFaceImages: "awaitingFaceImages"
    case .confirmingPayment: "confirmingPayment"
    case .checkingPaymentStatus: "checkingPaymentStatus"
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .cancelled: "cancelled"
    }
  }

  /// The name with the state's payload.
  public var description: String {
    switch self {
    case .awaitingCode(let challenge), .codeExpired(let challenge): "\(name)(\(challenge))"
    case .awaitingPIN(let entry): "awaitingPIN(\(entry))"
    case .awaitingFaceImages(let details): "awaitingFaceImages(\(details))"
    case .succeeded(let result): "succeeded(\(result))"
    case .failed(let failure): "failed(\(failure))"
    default: name
    }
  }
}
