import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltySecurity
import LoyaltyURLSession
import Testing

extension EndpointTour {
  /// The account and payment flows over HTTP, in a client of their own that lists
  /// `FlowsModule`: every call of "Account and payment flows" in `Docs/API.md`.
  static func runFlows(_ harness: EmulatorHarness) async throws {
    // A resend without waiting 30 s.
    harness.backend.setFlowCodeTimings(resendAfter: 0)
    let serverKey = try RSAPrivateKey.generate(bitCount: 2_048).publicKey
    let client = try await LoyaltyClient.start(
      harness.client.configuration,
      modules: [
        NetworkModule(transport: .urlSession, middleware: [GzipBodyMiddleware()]),
        FlowsModule(
          serverKeyPEM: try serverKey.pemRepresentation(), clientID: "e2e-merchant",
          clientSecret: "e2e-secret"),
      ])
    do {
      try await tourFlows(try client.flows)
    } catch {
      await client.shutdown()
      throw error
    }
    await client.shutdown()
  }

  private static func tourFlows(_ flows: FlowCenter) async throws {
    let code = SandboxBackend.flowOTPCode

    let setPIN = flows.setPIN(wToken: "e2e-wallet")
    try await setPIN.start()
    try await setPIN.requestCode()
    try await setPIN.resendCode()
    try await setPIN.submitCode(code)
    try await setPIN.submitPIN("2580", confirmation: "2580")
    #expect(await setPIN.outcome == .success(.pinSet))

    let change = flows.changePIN(wToken: "e2e-wallet")
    try await change.start()
    try await change.submitPINChange(old: "2580", new: "1397", confirmation: "1397")
    try await change.submitCode(code)
    #expect(await change.outcome == .success(.pinChanged))

    let forgot = flows.forgotPIN(wToken: "e2e-wallet")
    try await forgot.start()
    try await forgot.requestCode()
    try await forgot.submitCode(code)
    try await forgot.submitPIN("8024", confirmation: "8024")
    #expect(await forgot.outcome == .success(.pinReset))

    let payment = flows.payQR(paymentReference: "FACE-E2E-1", wToken: "e2e-wallet")
    try await payment.start()
    try await payment.provideFaceImages(
      smile: Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 1, count: 32),
      blink: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 32))
    try await payment.resendCode()
    try await payment.submitCode(code)
    guard case .success(.payment(let receipt)) = await payment.outcome else {
      Issue.record("the QR payment did not succeed: \(payment.state)")
      return
    }
    #expect(receipt.status == "Success")
  }
}
