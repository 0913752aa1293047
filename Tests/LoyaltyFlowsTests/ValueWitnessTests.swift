import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyTestSupport
import Testing

/// A flow's states survive code that knows nothing of their type: copied, assigned, moved,
/// boxed and destroyed through their value witnesses, which LoyaltyFlows compiles as
/// layout strings the Swift runtime reads (Package.swift). `FlowState` is an enum whose
/// cases carry payloads of different layouts: its layout string describes each case.
@Suite("Value witnesses: Flows")
struct ValueWitnessTests {
  @Test("every kind of flow state, each payload, comes back equal")
  func states() {
    let challenge = OTPChallenge(
      expiresAt: Date(timeIntervalSince1970: 1_800_000_000),
      resendAvailableAt: Date(timeIntervalSince1970: 1_799_999_970), attemptsLeft: 3)
    let payment = PaymentDetails(
      paymentReference: "ref-1", transactionID: "tx-1", amount: "12.50", merchantName: nil,
      faceVerificationRequired: true)
    let receipt = PaymentReceipt(
      paymentReference: "ref-1", transactionID: "tx-1", status: "paid", amount: nil)
    let failure = FlowFailure(
      reason: .fatalStatus(444), error: LoyaltyError(.notConnected, "offline"))
    let states: [FlowState] = [
      .idle, .awaitingCode(challenge), .codeExpired(challenge), .awaitingPIN(.change),
      .awaitingFaceImages(payment), .succeeded(.payment(receipt)), .succeeded(.pinSet),
      .failed(failure), .cancelled,
    ]
    #expect(throughValueWitnesses(states) == states)
  }
}
