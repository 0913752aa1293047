import Foundation
import LoyaltyCore
import LoyaltySandbox
import Testing

// The blocks of Docs/Sandbox.md (its test is in SandboxTest.swift, the emulator's in the
// Integrations package).

private func faults(backend: SandboxBackend) {
  backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))  // the next 2 campaign calls
  backend.failNext(with: .rateLimited(retryAfter: 1))  // 429 + Retry-After
  // Never reaches the server: notConnected.
  backend.failNext(with: .dropConnection, on: .pathPrefix("/oauth/"))
  backend.failNext(with: .transportFailure)  // transportFailed
  // Acts, then connectionLost.
  backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.redeemCoupon))
  backend.failNext(with: .malformedBody)  // 200 with HTML
  backend.failNext(with: .truncatedBody)  // the answer cut in half
  backend.failNext(with: .expireTokens, on: .endpoint(.coupons))  // tokens expire mid-flight: 401
  backend.failNext(with: .delay(2))  // one slow answer
  backend.addLatency(0.2)  // every answer, until cleared
  backend.revokeAccessTokens()  // now
  backend.setFaultProfile(.flaky(seed: 1))  // background 429/503 and latency
  backend.clearFaults()
}

@Test("Sandbox: the configuration that points the SDK at the emulator is valid")
func emulatorConfigurationIsValid() throws {
  let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "sandbox-merchant",
    apiKey: "sandbox-api-key", bundleID: "com.example.app",
    environment: .custom(URL(string: "http://127.0.0.1:8080")!))
  try configuration.validate()
}
