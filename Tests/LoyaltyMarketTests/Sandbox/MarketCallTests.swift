import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import Testing

@Suite("Market: every public call, async")
struct MarketCallTests {
  @Test("the table names every declared call (MarketEndpoints.allCalls), each once")
  func tableIsComplete() {
    let operations = MarketCall.all.map(\.operation)
    #expect(Set(operations).count == operations.count)
    let missing = MarketEndpoints.allCalls.map(\.name).filter { !operations.contains($0) }
    #expect(missing.isEmpty, "not in MarketCall.all: \(missing.joined(separator: ", "))")
  }

  @Test("succeeds against the sandbox and records its success", arguments: MarketCall.all)
  func succeeds(call: MarketCall) async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    if call.needsSession { try await harness.login() }
    let before = harness.backend.counters.requests(to: call.endpoint)
    try await call.send(market, harness.backend)
    #expect(harness.backend.counters.requests(to: call.endpoint) > before)
    #expect(
      try await harness.analyticsNames().contains("custom_success_\(call.operation)_loyalty"))
    await harness.client.shutdown()
  }

  @Test("an HTTP error is httpStatus with the status as its seed code", arguments: MarketCall.all)
  func httpError(call: MarketCall) async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    if call.needsSession { try await harness.login() }
    harness.backend.failNext(with: .status(404), on: .endpoint(call.endpoint))
    let error = try await #require(throws: LoyaltyError.self) {
      try await call.send(market, harness.backend)
    }
    #expect(error.code == .httpStatus, "\(error)")
    #expect(error.seedCode == 404)
    #expect(try await harness.analyticsNames().contains("custom_error_\(call.operation)_loyalty"))
    await harness.client.shutdown()
  }

  @Test(
    "a call that needs a session fails as notAuthenticated (seed 401) without one",
    arguments: MarketCall.all.filter { $0.needsSession && $0.operation != "campaigns" })
  func withoutSession(call: MarketCall) async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    let error = try await #require(throws: LoyaltyError.self) {
      try await call.send(market, harness.backend)
    }
    #expect(error.code == .notAuthenticated, "\(error)")
    #expect(error.seedCode == 401)
    #expect(harness.backend.counters.requests(to: call.endpoint) == 0)
    await harness.client.shutdown()
  }

  @Test("a server that declines is serverStatus, seed code -1, with the server's message")
  func declines() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    try await harness.login()
    let unknown = try await #require(throws: LoyaltyError.self) {
      _ = try await market.validateCoupon("NO-SUCH-COUPON")
    }
    #expect(unknown.code == .serverStatus)
    #expect(unknown.seedCode == -1)
    let taken = try await #require(throws: LoyaltyError.self) {
      _ = try await market.register(email: SandboxFixtures.userEmail(2), password: "long-enough")
    }
    #expect(taken.code == .serverStatus)
    #expect(taken.message.contains("already registered"))
    let wrong = try await #require(throws: LoyaltyError.self) {
      _ = try await market.changePassword(
        email: SandboxFixtures.userEmail(1), oldPassword: "not-the-password",
        newPassword: "another-password")
    }
    #expect(wrong.seedCode == -1)
    #expect(
      try await harness.analyticsNames().filter { $0.hasPrefix("custom_error_") }.sorted() == [
        "custom_error_change_password_loyalty", "custom_error_register_loyalty",
        "custom_error_validate_coupon_loyalty",
      ])
    await harness.client.shutdown()
  }

  @Test("a field the server refuses is httpStatus 400 (seed code 400)")
  func refusedFields() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    try await harness.login()
    let calls: [@Sendable () async throws -> Void] = [
      { _ = try await market.requestOTP(phoneNumber: "12") },
      { _ = try await market.register(email: MarketCall.newEmail, password: "short") },
      {
        _ = try await market.changePassword(
          email: SandboxFixtures.userEmail(1), oldPassword: SandboxFixtures.userPassword,
          newPassword: "short")
      },
    ]
    for call in calls {
      let error = try await #require(throws: LoyaltyError.self) { try await call() }
      #expect(error.code == .httpStatus, "\(error)")
      #expect(error.seedCode == 400)
    }
    let missing = try await #require(throws: LoyaltyError.self) {
      _ = try await market.deleteCard(token: "no-such-card")
    }
    #expect(missing.seedCode == 404)
    await harness.client.shutdown()
  }

  @Test("a body that is not JSON is invalidResponse, seed code -1001, for every call")
  func malformedBodies() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    try await harness.login()
    for call in MarketCall.all {
      harness.backend.failNext(with: .malformedBody, on: .endpoint(call.endpoint))
      let error = try await #require(throws: LoyaltyError.self, "\(call.operation)") {
        try await call.send(market, harness.backend)
      }
      #expect(
        [.invalidResponse, .decodingFailed].contains(error.code), "\(call.operation): \(error)")
      #expect([-1_001, -1_002].contains(error.seedCode), "\(call.operation)")
    }
    await harness.client.shutdown()
  }
}
