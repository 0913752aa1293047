import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state machine's transitions: refusing an input, awaiting a code, and ending
/// the run.
extension FlowRun {
  // MARK: Transitions

  func accept(_ input: String, _ allowed: (FlowState) -> Bool) throws {
    guard allowed(state) else { throw refusal(input) }
  }

  func refusal(_ input: String) -> LoyaltyError {
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

  func endedError() -> LoyaltyError {
    switch state {
    case .failed(let failure): failure.error
    default: LoyaltyError(.flowCancelled, "The flow was cancelled while the call was under way.")
    }
  }

  func makeChallenge(_ answer: FlowEndpoints.Challenge) -> OTPChallenge {
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

  func awaitCode(_ challenge: OTPChallenge) {
    publisher.publish(.awaitingCode(challenge))
    startCodeTimer(challenge)
  }

  func codeExpired(_ challenge: OTPChallenge) {
    codeTimer?.cancel()
    publisher.publish(.codeExpired(challenge))
  }

  func succeed(_ result: FlowResult) {
    end(.succeeded(result), outcome: .success(result))
  }

  func fail(_ reason: FlowFailure.Reason, _ error: LoyaltyError) {
    let failure = FlowFailure(reason: reason, error: error)
    end(.failed(failure), outcome: .failure(failure))
  }

  func end(_ terminal: FlowState, outcome: FlowOutcome) {
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
}
