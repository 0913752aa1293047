import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("Flows: the welcome screen's terms")
struct FlowTermsTests {
  private func codeRequests(_ harness: FlowHarness) -> Int {
    harness.backend.requests.filter { $0.url.path.contains("SendOtp") }.count
  }

  @Test("no code is asked for until the terms are accepted; then the flow succeeds")
  func acceptThenCode() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.client.flows.setPIN(
      wToken: "wallet-token-1", requiringTerms: true, callbacks: harness.recorder.callbacks)
    #expect(run.termsAcceptance == .pending)
    await expectCode(.flowInputRefused) { try await run.acceptTerms() }
    try await run.start()
    #expect(run.state == .ready)
    await expectCode(.flowInputRefused) { try await run.requestCode() }
    #expect(run.state == .ready)
    #expect(codeRequests(harness) == 0)
    try await run.acceptTerms()
    #expect(run.termsAcceptance == .accepted)
    await expectCode(.flowInputRefused) { try await run.acceptTerms() }
    await expectCode(.flowInputRefused) { try await run.declineTerms() }
    try await run.requestCode()
    #expect(codeRequests(harness) == 1)
    try await run.submitCode(ScriptedFlowBackend.code)
    try await run.submitPIN("2580", confirmation: "2580")
    #expect(await run.outcome == .success(.pinSet))
    #expect(run.termsAcceptance == .accepted)
  }

  @Test("declining ends the run with termsDeclined, its own callback, and no code sent")
  func decline() async throws {
    let harness = try await FlowHarness.make()
    let declined = Locked(0)
    let cancelled = Locked(0)
    let callbacks = FlowCallbacks(
      delivery: .inline, onSuccess: { _ in }, onFailed: { _ in },
      onUserCancel: { cancelled.withLock { $0 += 1 } },
      onTermsDeclined: { declined.withLock { $0 += 1 } })
    let run = try harness.client.flows.forgotPIN(
      wToken: "wallet-token-1", requiringTerms: true, callbacks: callbacks)
    try await run.start()
    try await run.declineTerms()
    #expect(run.state == .cancelled)
    #expect(await run.outcome == .termsDeclined)
    #expect(run.termsAcceptance == .declined)
    #expect(declined.withLock { $0 } == 1)
    #expect(cancelled.withLock { $0 } == 0)
    #expect(codeRequests(harness) == 0)
    await expectCode(.flowInputRefused) { try await run.requestCode() }
    #expect(codeRequests(harness) == 0)
  }

  @Test("without onTermsDeclined, declining calls onUserCancel")
  func declineFallsBackToCancel() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.client.flows.setPIN(
      wToken: "wallet-token-1", requiringTerms: true, callbacks: harness.recorder.callbacks)
    try await run.start()
    try await run.declineTerms()
    #expect(await run.outcome == .termsDeclined)
    #expect(harness.recorder.all == [.userCancel])
  }

  @Test("a run made without the terms asks for the code at once and refuses acceptTerms")
  func notRequired() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    #expect(run.termsAcceptance == .notRequired)
    try await run.start()
    await expectCode(.flowInputRefused) { try await run.acceptTerms() }
    await expectCode(.flowInputRefused) { try await run.declineTerms() }
    try await run.requestCode()
    #expect(codeRequests(harness) == 1)
  }

  @Test("back to the start screen keeps the acceptance; back from it cancels")
  func backKeepsAcceptance() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.client.flows.setPIN(
      wToken: "wallet-token-1", requiringTerms: true, callbacks: harness.recorder.callbacks)
    try await run.start()
    try await run.acceptTerms()
    try await run.requestCode()
    try await run.back()
    #expect(run.state == .ready)
    #expect(run.termsAcceptance == .accepted)
    try await run.requestCode()
    #expect(codeRequests(harness) == 2)
    try await run.back()
    try await run.back()
    #expect(await run.outcome == .userCancel)
  }
}
