import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltySecurity
import Testing

/// The flows against the sandbox backend, answering in `envelope` and `listForm`: the
/// contract of `Docs/API.md` from both sides.
struct SandboxFlowHarness {
  let client: LoyaltyClient
  let backend: SandboxBackend

  init(envelope: SandboxEnvelope = .context, listForm: SandboxListForm = .keyed) async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "m-1", apiKey: "key",
      bundleID: "com.example.flows",
      environment: .custom(URL(string: "https://sandbox.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    backend = SandboxBackend(
      configuration: SandboxConfiguration(
        matching: configuration, envelope: envelope, listForm: listForm))
    client = try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(),
        FlowsModule(
          serverKeyPEM: try FlowHarness.privateKey.publicKey.pemRepresentation(),
          clientID: "merchant", clientSecret: "secret"),
      ],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
  }
}

@Suite("Flows on the sandbox")
struct SandboxFlowTests {
  let code = SandboxBackend.flowOTPCode

  @Test("set PIN: one wrong code, one early resend refused, then the PIN")
  func setPIN() async throws {
    let harness = try await SandboxFlowHarness()
    let run = try harness.client.flows.setPIN(wToken: "wallet-1")
    try await run.start()
    try await run.requestCode()
    await expectCode(.flowStepRejected) { try await run.submitCode("000000") }
    await expectCode(.resendTooEarly) { try await run.resendCode() }
    try await run.submitCode(code)
    try await run.submitPIN("2580", confirmation: "2580")
    #expect(await run.outcome == .success(.pinSet))
    #expect(harness.backend.counters.requests(to: .setPIN) == 1)
  }

  @Test("change PIN and forgot PIN")
  func changeAndForgot() async throws {
    let harness = try await SandboxFlowHarness()
    let change = try harness.client.flows.changePIN(wToken: "wallet-1")
    try await change.start()
    try await change.submitPINChange(old: "2580", new: "1397", confirmation: "1397")
    try await change.submitCode(code)
    #expect(await change.outcome == .success(.pinChanged))

    let forgot = try harness.client.flows.forgotPIN(wToken: "wallet-1")
    try await forgot.start()
    try await forgot.requestCode()
    try await forgot.submitCode(code)
    try await forgot.submitPIN("8024", confirmation: "8024")
    #expect(await forgot.outcome == .success(.pinReset))
  }

  @Test("QR payment with face images, then its status")
  func payment() async throws {
    let harness = try await SandboxFlowHarness()
    let run = try harness.client.flows.payQR(paymentReference: "FACE-QR-1", wToken: "wallet-1")
    try await run.start()
    guard case .awaitingFaceImages(let details) = run.state else {
      Issue.record("no face step: \(run.state)")
      return
    }
    #expect(details.merchantName == "Sandbox Coffee")
    try await run.provideFaceImages(smile: QRPaymentFlowTests.jpeg, blink: QRPaymentFlowTests.png)
    try await run.submitCode(code)
    guard case .success(.payment(let receipt)) = await run.outcome else {
      Issue.record("the payment did not succeed: \(run.state)")
      return
    }
    #expect(receipt.status == "Success")
    #expect(receipt.amount == "12.50")
  }

  @Test("an injected 500 ends the flow; an unknown reference is inline")
  func faults() async throws {
    let harness = try await SandboxFlowHarness()
    let run = try harness.client.flows.setPIN(wToken: "wallet-1")
    try await run.start()
    harness.backend.failNext(1, with: .status(500), on: .endpoint(.pinSendOtp))
    await expectCode(.flowFatalStatus) { try await run.requestCode() }
    guard case .failure(let failure) = await run.outcome else {
      Issue.record("the run goes on after a 500")
      return
    }
    #expect(failure.reason == .fatalStatus(500))

    let payment = try harness.client.flows.payQR(paymentReference: "UNKNOWN-1", wToken: "w")
    await expectCode(.flowStepRejected) { try await payment.start() }
    #expect(payment.state == .idle)
  }
}

@Suite("Sandbox flow timings")
struct SandboxFlowTimingTests {
  @Test("with resendAfter 0 the server allows a resend at once, and so does the SDK")
  func immediateResend() async throws {
    let harness = try await SandboxFlowHarness()
    harness.backend.setFlowCodeTimings(resendAfter: 0)
    let run = try harness.client.flows.payQR(paymentReference: "QR-9", wToken: "w")
    try await run.start()
    try await run.resendCode()
    #expect(harness.backend.counters.requests(to: .cpqrcResendOtp) == 1)
    try await run.submitCode(SandboxBackend.flowOTPCode)
    guard case .success = await run.outcome else {
      Issue.record("the payment did not succeed")
      return
    }
  }
}

@Suite("Flows on a backend that does not offer them")
struct FlowsNotOfferedTests {
  @Test(
    "the first call answered 404, 501, with an empty success or another call's answer",
    arguments: [SandboxFault.status(404), .status(501), .emptySuccess, .otherCallAnswer])
  func notOffered(answer: SandboxFault) async throws {
    let harness = try await SandboxFlowHarness()
    harness.backend.failNext(with: answer, on: .endpoint(.flowToken))
    let run = try harness.client.flows.setPIN(wToken: "wallet-1")
    await expectCode(.notOffered) { try await run.start() }
    guard case .failure(let failure) = await run.outcome else {
      Issue.record("the run did not end: \(run.state)")
      return
    }
    #expect(failure.reason == .notOffered)
    #expect(harness.backend.counters.requests(to: .pinSendOtp) == 0)
  }
}
