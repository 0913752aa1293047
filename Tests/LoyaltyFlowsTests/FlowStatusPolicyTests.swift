import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import Testing

@Suite("Flow status policy")
struct FlowStatusPolicyTests {
  /// Drives a set PIN run to the step `fragment` names.
  func runUntil(_ fragment: String, _ harness: FlowHarness) async throws -> FlowRun {
    let run = try harness.run(.setPIN)
    if fragment == "connect/token" { return run }
    try await run.start()
    if fragment == "SendOtp" { return run }
    try await run.requestCode()
    if fragment == "VerifyOtp" { return run }
    try await run.submitCode(ScriptedFlowBackend.code)
    return run
  }

  func step(_ fragment: String, _ run: FlowRun) async throws {
    switch fragment {
    case "connect/token": try await run.start()
    case "SendOtp": try await run.requestCode()
    case "VerifyOtp": try await run.submitCode(ScriptedFlowBackend.code)
    default: try await run.submitPIN("2580", confirmation: "2580")
    }
  }

  @Test(
    "a fatal status at any step ends the run",
    arguments: ["connect/token", "SendOtp", "VerifyOtp", "/SetPin"], [401, 444, 500, 501])
  func fatal(fragment: String, status: Int) async throws {
    let harness = try await FlowHarness.make()
    let run = try await runUntil(fragment, harness)
    harness.backend.fail(fragment, with: status)
    // The first call's 501 says the backend has no flows at all (`NotOffered`).
    let notOffered = fragment == "connect/token" && status == 501
    await expectCode(notOffered ? .notOffered : .flowFatalStatus) { try await step(fragment, run) }
    #expect(await run.outcome == run.state.failureOutcome)
    guard case .failed(let failure) = run.state else {
      Issue.record("the run goes on after \(status)")
      return
    }
    #expect(failure.reason == (notOffered ? .notOffered : .fatalStatus(status)))
    #expect(harness.recorder.all.count == 1)
  }

  @Test(
    "a non-fatal status is inline: the run stays on its screen and goes on",
    arguments: ["connect/token", "SendOtp", "VerifyOtp", "/SetPin"], [400, 404, 409, 422])
  func inline(fragment: String, status: Int) async throws {
    let harness = try await FlowHarness.make()
    let run = try await runUntil(fragment, harness)
    let before = run.state
    harness.backend.fail(fragment, with: status)
    if fragment == "connect/token" && NotOffered.statuses.contains(status) {
      // The first call's 400 or 404 says the backend has no flows: the run ends.
      await expectCode(.notOffered) { try await step(fragment, run) }
      guard case .failed(let failure) = run.state else {
        Issue.record("the run goes on after \(status)")
        return
      }
      #expect(failure.reason == .notOffered)
      #expect(harness.recorder.all.count == 1)
      return
    }
    await expectCode(.flowStepRejected) { try await step(fragment, run) }
    if case .awaitingCode = before {
      guard case .awaitingCode = run.state else {
        Issue.record("left the code screen: \(run.state)")
        return
      }
    } else {
      #expect(run.state == before)
    }
    try await step(fragment, run)
    #expect(!run.state.isTerminal || run.state == .succeeded(.pinSet))
    #expect(harness.recorder.all.count == (run.state.isTerminal ? 1 : 0))
  }

  @Test("the multipart confirm follows the same policy", arguments: [401, 444, 500, 501])
  func multipartFatal(status: Int) async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.qrPayment)
    try await run.start()
    harness.backend.fail("CPQRCPaymentConfirm", with: status)
    await expectCode(.flowFatalStatus) { try await run.submitCode(ScriptedFlowBackend.code) }
    guard case .failure(let failure) = await run.outcome else {
      Issue.record("the payment goes on after \(status)")
      return
    }
    #expect(failure.reason == .fatalStatus(status))
  }
}

extension FlowState {
  var failureOutcome: FlowOutcome? {
    if case .failed(let failure) = self { return .failure(failure) }
    return nil
  }
}
