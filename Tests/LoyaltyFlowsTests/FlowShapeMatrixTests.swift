import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltySandbox
import Testing

/// The flows' calls against a sandbox answering in each envelope and each list form,
/// compared with what they give from the sandbox's own answers (`context`, `keyed`). No
/// flow answer holds a list, so every form must give the same.
@Suite("Flows: every flow call, in every envelope and list form")
struct FlowShapeMatrixTests {
  /// The sandbox endpoints the matrix runs.
  static let endpoints: Set<SandboxEndpoint> = [
    .flowToken, .pinSendOtp, .pinResendOtp, .pinVerifyOtp, .setPIN, .changePIN,
    .forgotPINReset, .cpqrcValidate, .cpqrcConfirm, .cpqrcStatus, .cpqrcResendOtp,
  ]

  /// What a step decoded, without the client's clock in it.
  static func describe(_ state: FlowState) -> String {
    switch state {
    case .awaitingCode(let challenge), .codeExpired(let challenge):
      let window = Int(challenge.expiresAt.timeIntervalSince(challenge.resendAvailableAt))
      return "\(state.name): \(challenge.attemptsLeft) attempts, resend \(window) s before expiry"
    default:
      return "\(state)"
    }
  }

  /// Runs every flow, step by step, and describes what each step decoded; a step that
  /// throws ends its flow with the error.
  static func trace(_ envelope: SandboxEnvelope, _ form: SandboxListForm) async throws -> (
    [String], SandboxBackend
  ) {
    let harness = try await SandboxFlowHarness(envelope: envelope, listForm: form)
    #expect(harness.backend.configuration.listForm == form)
    harness.backend.setFlowCodeTimings(resendAfter: 0)
    let flows = try harness.client.flows
    let code = SandboxBackend.flowOTPCode
    var lines: [String] = []
    func record(_ name: String, _ run: FlowRun, _ steps: () async throws -> Void) async {
      do {
        try await steps()
        let outcome = await run.outcome
        lines.append("\(name): \(String(describing: outcome))")
      } catch {
        lines.append("\(name) stopped at \(describe(run.state)): \(error)")
      }
    }

    let setPIN = flows.setPIN(wToken: "wallet-1")
    await record("set PIN", setPIN) {
      try await setPIN.start()
      try await setPIN.requestCode()
      lines.append("set PIN code: \(describe(setPIN.state))")
      try await setPIN.resendCode()
      lines.append("set PIN code again: \(describe(setPIN.state))")
      try await setPIN.submitCode(code)
      try await setPIN.submitPIN("2580", confirmation: "2580")
    }
    let change = flows.changePIN(wToken: "wallet-1")
    await record("change PIN", change) {
      try await change.start()
      try await change.submitPINChange(old: "2580", new: "1397", confirmation: "1397")
      lines.append("change PIN code: \(describe(change.state))")
      try await change.submitCode(code)
    }
    let forgot = flows.forgotPIN(wToken: "wallet-1")
    await record("forgot PIN", forgot) {
      try await forgot.start()
      try await forgot.requestCode()
      try await forgot.submitCode(code)
      try await forgot.submitPIN("8024", confirmation: "8024")
    }
    let payment = flows.payQR(paymentReference: "FACE-QR-1", wToken: "wallet-1")
    await record("QR payment", payment) {
      try await payment.start()
      lines.append("QR payment: \(describe(payment.state))")
      try await payment.provideFaceImages(
        smile: QRPaymentFlowTests.jpeg, blink: QRPaymentFlowTests.png)
      lines.append("QR payment code: \(describe(payment.state))")
      try await payment.resendCode()
      try await payment.submitCode(code)
    }
    await harness.client.shutdown()
    return (lines, harness.backend)
  }

  @Test(
    "every flow gives from every envelope and list form what it gives from keyed answers",
    arguments: SandboxEnvelope.allCases, SandboxListForm.allCases)
  func matrix(envelope: SandboxEnvelope, form: SandboxListForm) async throws {
    let (reference, _) = try await Self.trace(.context, .keyed)
    let (variant, backend) = try await Self.trace(envelope, form)
    #expect(reference.contains { $0.hasPrefix("QR payment: awaitingFaceImages") }, "\(reference)")
    #expect(!reference.contains { $0.contains("stopped at") }, "\(reference)")
    #expect(variant == reference, "\(envelope), \(form)")
    for endpoint in Self.endpoints {
      #expect(backend.counters.requests(to: endpoint) > 0, "\(endpoint)")
    }
  }
}
