import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: scripted faults")
struct FaultTests {
  @Test("the next N calls to one endpoint fail with a status; retries get through")
  func statusFaults() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
    _ = try await harness.client.send(TestEndpoints.couponSets())  // not targeted
    let response = try await harness.client.send(TestEndpoints.campaigns())
    #expect(response.status(ofDomain: "MAPP_CAMPAIGNING") == 1)
    let counters = harness.backend.counters
    #expect(counters.requests(to: .campaigns) == 3)
    #expect(counters.statuses[503] == 2)
    #expect(counters.faultsInjected == 2)
    #expect(harness.backend.pendingFaults == 0)
  }

  @Test("a status fault on a path prefix; without retries left the caller sees it")
  func pathFaults() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(3, with: .status(500), on: .pathPrefix("/api/mobile/"))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.campaigns())
    }
    #expect(error.code == .httpStatus)
    #expect(error.metadata["status"] == "500")
  }

  @Test("429 carries Retry-After, and the client waits that long")
  func rateLimited() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(with: .rateLimited(retryAfter: 7))
    _ = try await harness.client.send(TestEndpoints.campaigns())
    #expect(harness.clock.sleeps.contains(7))
    #expect(harness.backend.counters.statuses[429] == 1)
  }

  @Test("a dropped connection throws notConnected from the transport; the client retries")
  func droppedConnection() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(with: .dropConnection)
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
      json: ["campaigns": ["action": "retrieve"]])
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await SandboxTransport(harness.backend).send(request)
    }
    #expect(error.code == .notConnected)

    harness.backend.failNext(with: .dropConnection)
    _ = try await harness.client.send(TestEndpoints.campaigns())
    #expect(harness.backend.counters.requests(to: .campaigns) == 3)
  }

  @Test("a transport failure throws transportFailed")
  func transportFailure() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(with: .transportFailure)
    let request = try harness.signed(.post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/")
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await SandboxTransport(harness.backend).send(request)
    }
    #expect(error.code == .transportFailed)
  }

  @Test("a malformed or truncated body is an invalid response")
  func badBodies() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(with: .malformedBody)
    let malformed = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.campaigns())
    }
    #expect(malformed.code == .invalidResponse)

    harness.backend.failNext(with: .truncatedBody)
    let truncated = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.campaigns())
    }
    #expect(truncated.code == .invalidResponse)
    _ = try await harness.client.send(TestEndpoints.campaigns())
  }

  @Test("a token expiring mid-flight: 401, one refresh, the call succeeds")
  func expiringToken() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    harness.backend.failNext(with: .expireTokens, on: .endpoint(.coupons))
    let coupons = try await harness.client.send(TestEndpoints.coupons())
    #expect(!coupons.list("MAPP_COUPON", "coupons").isEmpty)
    let counters = harness.backend.counters
    #expect(counters.refreshCalls == 1)
    #expect(counters.requests(to: .coupons) == 2)
    #expect(counters.unauthorized == 1)
  }

  @Test("latency waits on the sandbox's clock; clearing faults removes it")
  func latency() async throws {
    let harness = SandboxHarness()
    harness.backend.addLatency(1.5, on: .endpoint(.campaigns))
    harness.backend.failNext(with: .delay(0.25))
    _ = try await harness.client.send(TestEndpoints.campaigns())
    #expect(harness.clock.sleeps == [1.75])
    harness.backend.clearFaults()
    _ = try await harness.client.send(TestEndpoints.campaigns())
    #expect(harness.clock.sleeps == [1.75])
  }

  @Test("the flaky profile fails every third data call, never twice in a row")
  func flakyProfile() async throws {
    let harness = SandboxHarness(profile: .flaky(seed: 9))
    try await harness.login()
    for _ in 0..<6 {
      _ = try await harness.client.send(TestEndpoints.campaigns())
      _ = try await harness.client.send(TestEndpoints.coupons())
    }
    let counters = harness.backend.counters
    #expect(counters.statuses[429, default: 0] >= 3)
    #expect(counters.logins == 1)
    #expect(counters.faultsInjected == counters.statuses[429, default: 0])
  }
}
