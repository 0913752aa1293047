import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import LoyaltyTestSupport
import Testing

@Suite("Call outcomes: analytics and CallCompleted for the session's calls")
struct CallOutcomeTests {
  @Test("a login records its success under the seed's naming and posts one CallCompleted")
  func loginSucceeds() async throws {
    let harness = try await CallOutcomeHarness.start()
    try await harness.session.loginWithEmail(SandboxFixtures.userEmail(1))
    #expect(harness.analytics.names == ["custom_success_dei_login_loyalty"])
    let completed = harness.completed
    #expect(completed.map(\.operation) == ["dei_login"])
    #expect(completed.first?.succeeded == true)
    #expect(completed.first?.errorCode == nil)
    #expect(completed.first?.status == nil)
    #expect((completed.first?.duration ?? -1) >= 0)
    await harness.client.shutdown()
  }

  @Test("a refused login records its error code and posts the status, and no Authenticated")
  func loginFails() async throws {
    let harness = try await CallOutcomeHarness.start { _, sandbox in sandbox.autoRegister = false }
    let error = try await #require(throws: LoyaltyError.self) {
      try await harness.session.loginWithEmail("nobody@example.gr")
    }
    #expect(harness.analytics.names == ["custom_error_dei_login_loyalty"])
    #expect(
      harness.analytics.parameters(of: "custom_error_dei_login_loyalty")?["error_code"]
        == String(error.code.rawValue))
    let completed = try #require(harness.completed.first)
    #expect(completed.operation == "dei_login")
    #expect(!completed.succeeded)
    #expect(completed.errorCode == LoyaltyError.Code.httpStatus.rawValue)
    #expect(completed.status == 401)
    #expect(completed.attributes["outcome"] == "error")
    #expect(completed.attributes["status"] == "401")
    #expect(harness.sink.events(of: Authenticated.self).isEmpty)
    await harness.client.shutdown()
  }

  @Test("refresh and logout record their outcome, a refresh once however many callers join it")
  func refreshAndLogout() async throws {
    let harness = try await CallOutcomeHarness.start()
    let session = try harness.session
    try await session.loginWithEmail(SandboxFixtures.userEmail(1))
    async let first = session.refresh()
    async let second = session.refresh()
    _ = try await (first, second)
    await session.logout()
    let names = harness.analytics.names
    #expect(names.first == "custom_success_dei_login_loyalty")
    #expect(names.last == "custom_success_logout_loyalty")
    let refreshes = names.filter { $0 == "custom_success_refresh_token_loyalty" }.count
    #expect((1...2).contains(refreshes), "one per refresh call made, never per caller joining")
    #expect(harness.completed.last?.operation == "logout")
    #expect(harness.completed.last?.succeeded == true)
    await harness.client.shutdown()
  }

  @Test("a logout the server refuses is recorded as an error, and the session still ends")
  func logoutRefused() async throws {
    let harness = try await CallOutcomeHarness.start()
    let session = try harness.session
    try await session.loginWithEmail(SandboxFixtures.userEmail(1))
    harness.backend.failNext(1, with: .status(503), on: .endpoint(.logout))
    await session.logout()
    #expect(await !session.isLoggedIn)
    #expect(harness.analytics.names.last == "custom_error_logout_loyalty")
    let completed = try #require(harness.completed.last)
    #expect(completed.operation == "logout")
    #expect(!completed.succeeded)
    #expect(completed.status == 503)
    await harness.client.shutdown()
  }

  @Test("CallCompleted's attributes: milliseconds rounded, error fields only on failure")
  func attributes() {
    let success = CallCompleted(operation: "campaigns", duration: 0.0125, succeeded: true)
    #expect(
      success.attributes == ["operation": "campaigns", "outcome": "success", "duration_ms": "13"])
    let below = CallCompleted(operation: "campaigns", duration: 0.012_499, succeeded: true)
    #expect(below.attributes["duration_ms"] == "12")
    let failure = CallCompleted(
      operation: "redeem_coupon", duration: 1, succeeded: false, errorCode: 3004, status: nil)
    #expect(
      failure.attributes == [
        "operation": "redeem_coupon", "outcome": "error", "duration_ms": "1000",
        "error_code": "3004",
      ])
    #expect(CallCompleted.eventName == "call_completed")
  }
}
