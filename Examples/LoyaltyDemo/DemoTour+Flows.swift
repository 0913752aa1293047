import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltySandbox

extension DemoTour {
  /// Step 13: set a PIN through a one-time code (one wrong code, one early resend
  /// refused), then pay a QR code.
  func runFlows(_ report: inout DemoReport) async throws {
    report.section("13. Account and payment flows")
    try await setPIN(client, &report)
    try await payQR(client, &report)
  }

  private func setPIN(_ flowsClient: LoyaltyClient, _ report: inout DemoReport) async throws {
    let outcome = Locked<String?>(nil)
    let run = try flowsClient.flows.setPIN(
      wToken: "demo-wallet-token",
      callbacks: FlowCallbacks(
        delivery: .inline,
        onSuccess: { result in outcome.withLock { $0 = "onSuccess(\(result))" } },
        onFailed: { failure in outcome.withLock { $0 = "onFailed(\(failure.reason))" } },
        onUserCancel: { outcome.withLock { $0 = "onUserCancel" } }))
    try await report.step("set PIN: verify client") { try await run.start() }
    report.line("session: \(run.sessionSecondsLeft ?? 0) s left, state \(run.state.name)")
    try await report.step("set PIN: request code") { try await run.requestCode() }
    report.line("code expires in \(run.codeSecondsLeft ?? 0) s")
    do {
      try await run.submitCode("000000")
    } catch let error as LoyaltyError {
      if case .awaitingCode(let challenge) = run.state {
        report.line(
          "wrong code refused inline (\(error.code.name)): still awaiting the code,"
            + " \(challenge.attemptsLeft) attempts left")
      }
    }
    do {
      try await run.resendCode()
    } catch let error as LoyaltyError {
      report.line(
        "early resend refused: wait \(error.metadata["secondsLeft"] ?? "?") s (\(error.code.name))")
    }
    try await report.step("set PIN: code") { try await run.submitCode(SandboxBackend.flowOTPCode) }
    report.line("state \(run.state.name); the PIN is checked, encrypted (RSA-OAEP) and sent")
    try await report.step("set PIN: PIN") { try await run.submitPIN("2580", confirmation: "2580") }
    report.line("outcome: \(await run.outcome), callback \(outcome.withLock { $0 } ?? "none")")
  }

  private func payQR(_ flowsClient: LoyaltyClient, _ report: inout DemoReport) async throws {
    let run = try flowsClient.flows.payQR(
      paymentReference: "QR-DEMO-1", wToken: "demo-wallet-token")
    try await report.step("QR: validate") { try await run.start() }
    report.line("state \(run.state.name)")
    try await report.step("QR: confirm and status") {
      try await run.submitCode(SandboxBackend.flowOTPCode)
    }
    if case .success(.payment(let receipt)) = await run.outcome {
      report.line(
        "paid \(receipt.amount ?? "?") in \(receipt.transactionID): \(receipt.status ?? "status unknown")"
      )
    }
  }
}
