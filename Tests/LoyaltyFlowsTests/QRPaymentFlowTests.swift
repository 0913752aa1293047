import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("QR payment flow")
struct QRPaymentFlowTests {
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 7, count: 32)
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 16)

  @Test("without face verification: validate, code, confirm, status")
  func withoutFace() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.qrPayment)
    try await run.start()
    guard case .awaitingCode = run.state else {
      Issue.record("not awaiting a code: \(run.state)")
      return
    }
    try await run.submitCode(ScriptedFlowBackend.code)
    let receipt = PaymentReceipt(
      paymentReference: "QR-42", transactionID: "tx-1", status: "Success", amount: "12.50")
    #expect(await run.outcome == .success(.payment(receipt)))
    let confirm = try #require(harness.backend.requests(containing: "CPQRCPaymentConfirm").first)
    #expect(confirm.headers["scope"] == "Transaction")
    #expect(confirm.headers["Content-Type"]?.hasPrefix("multipart/form-data") == true)
    #expect(harness.backend.requests(containing: "CPQRCPaymentValidation/QR-42").count == 1)
  }

  @Test("with face verification: images (JPEG and PNG by their bytes) travel in the confirm")
  func withFace() async throws {
    let harness = try await FlowHarness.make()
    harness.backend.requireFace(true)
    let run = try harness.run(.qrPayment)
    try await run.start()
    guard case .awaitingFaceImages(let details) = run.state else {
      Issue.record("no face step: \(run.state)")
      return
    }
    #expect(details.transactionID == "tx-1")
    await expectCode(.flowInputRefused) { try await run.submitCode(ScriptedFlowBackend.code) }
    await expectCode(.invalidFlowImage) {
      try await run.provideFaceImages(smile: Data("GIF89a".utf8), blink: Self.png)
    }
    try await run.provideFaceImages(smile: Self.jpeg, blink: Self.png)
    try await run.back()
    guard case .awaitingFaceImages = run.state else {
      Issue.record("back from the code did not return to the face step: \(run.state)")
      return
    }
    try await run.provideFaceImages(smile: Self.jpeg, blink: Self.png)
    await expectCode(.flowStepRejected) { try await run.submitCode("000000") }
    try await run.submitCode(ScriptedFlowBackend.code)
    guard case .success(.payment) = await run.outcome else {
      Issue.record("the payment did not succeed")
      return
    }
    let body = String(
      decoding: harness.backend.requests(containing: "CPQRCPaymentConfirm").last?.body ?? Data(),
      as: UTF8.self)
    #expect(body.contains("filename=\"smile.jpg\"\r\nContent-Type: image/jpeg"))
    #expect(body.contains("filename=\"blink.png\"\r\nContent-Type: image/png"))
    #expect(body.contains("name=\"TransactionId\""))
  }

  @Test("resend names the transaction; a failed status read still succeeds, reported")
  func resendAndStatus() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.qrPayment)
    try await run.start()
    await harness.waitUntil { harness.clock.sleeperCount == 2 }
    harness.clock.advance(by: 31)
    try await run.resendCode()
    #expect(harness.backend.requests(containing: "ResendTransactionOTP/tx-1").count == 1)
    harness.backend.fail("CPQRCPaymentStatus", with: 404)
    try await run.submitCode(ScriptedFlowBackend.code)
    guard case .success(.payment(let receipt)) = await run.outcome else {
      Issue.record("the payment did not succeed")
      return
    }
    #expect(receipt.status == nil)
    #expect(harness.logs.text.contains("status could not be read"))
  }

  @Test("an unknown reference is inline: the run returns to idle and may start again")
  func unknownReference() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.qrPayment)
    harness.backend.fail("CPQRCPaymentValidation", with: 404)
    await expectCode(.flowStepRejected) { try await run.start() }
    #expect(run.state == .idle)
    try await run.start()
    guard case .awaitingCode = run.state else {
      Issue.record("not awaiting a code: \(run.state)")
      return
    }
  }
}
