import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("Flow transitions")
struct FlowTransitionTests {
  @Test("back: forgot PIN returns to the start; change PIN from the code returns to the PIN")
  func backEverywhere() async throws {
    let harness = try await FlowHarness.make()
    let forgot = try harness.run(.forgotPIN)
    try await forgot.start()
    try await forgot.requestCode()
    try await forgot.back()
    #expect(forgot.state == .ready)
    try await forgot.requestCode()
    try await forgot.submitCode(ScriptedFlowBackend.code)
    try await forgot.back()
    #expect(forgot.state == .ready, "the identifier is dropped with the PIN screen")

    let change = try harness.run(.changePIN)
    try await change.start()
    try await change.back()
    #expect(change.state == .cancelled, "back from the first screen cancels")

    let payment = try harness.run(.qrPayment)
    try await payment.start()
    try await payment.back()
    #expect(payment.state == .cancelled)
    #expect(harness.recorder.all == [.userCancel, .userCancel])
  }

  @Test("busy states refuse every input but cancel")
  func busyRefuses() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    harness.backend.hold("SetPinSendOtp")
    let request = Task { try await run.requestCode() }
    await harness.waitUntil { run.state == .requestingCode }
    #expect(run.state == .requestingCode)
    await expectCode(.flowInputRefused) { try await run.requestCode() }
    await expectCode(.flowInputRefused) { try await run.back() }
    await expectCode(.flowInputRefused) { try await run.resendCode() }
    harness.backend.release("SetPinSendOtp")
    try await request.value
    guard case .awaitingCode = run.state else {
      Issue.record("not awaiting a code: \(run.state)")
      return
    }
  }

  @Test("the streams end with the run; a late subscriber gets the terminal state")
  func streamsEnd() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    let ticks = run.sessionTicks()
    await run.cancel()
    var count = 0
    for await _ in ticks { count += 1 }
    #expect(count <= 1)
    var late: [FlowState] = []
    for await state in run.states() { late.append(state) }
    #expect(late == [.cancelled])
  }

  @Test("an expired code at the face step moves to codeExpired after the images")
  func faceAfterExpiry() async throws {
    let harness = try await FlowHarness.make()
    harness.backend.requireFace(true)
    let run = try harness.run(.qrPayment)
    try await run.start()
    await harness.waitUntil { harness.clock.sleeperCount == 1 }
    harness.clock.advance(by: 121)
    await harness.waitUntil { harness.clock.sleeperCount == 1 }
    try await run.provideFaceImages(smile: QRPaymentFlowTests.jpeg, blink: QRPaymentFlowTests.png)
    guard case .codeExpired = run.state else {
      Issue.record("not expired: \(run.state)")
      return
    }
    try await run.resendCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    guard case .success = await run.outcome else {
      Issue.record("the payment did not succeed")
      return
    }
  }

  @Test("callbacks isolated to a host actor")
  func deliveredOnActor() async throws {
    let harness = try await FlowHarness.make()
    let host = HostActor()
    let run = try harness.client.flows.setPIN(
      wToken: "w",
      callbacks: FlowCallbacks(
        delivery: .actor(host), onSuccess: { _ in }, onFailed: { _ in },
        onUserCancel: { host.assumeIsolated { $0.cancels += 1 } }))
    try await run.start()
    await run.cancel()
    for _ in 0..<10_000 where await host.cancels == 0 { await Task.yield() }
    #expect(await host.cancels == 1)
  }
}

actor HostActor {
  var cancels = 0
}
