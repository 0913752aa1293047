import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("17. No server value stops the SDK beyond a bound")
struct RetryAfterBoundTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let policy = RetryPolicy(
    maxAttempts: 3, baseDelay: 0.5, maxDelay: 30, jitter: 0, maxRetryAfter: 300)

  @Test("at the bound kept, one past it cut")
  func boundary() {
    #expect(Self.policy.retryAfter("299", now: Self.now)! == (299, false))
    #expect(Self.policy.retryAfter("300", now: Self.now)! == (300, false))
    #expect(Self.policy.retryAfter("301", now: Self.now)! == (300, true))
    #expect(Self.policy.retryAfter("300.5", now: Self.now)! == (300, true))
  }

  @Test(
    "years, a date in 9999, 1e300 and infinity are cut to the bound",
    arguments: ["315360000", "Fri, 31 Dec 9999 23:59:59 GMT", "1e300", "inf", "1e400"])
  func hostile(value: String) throws {
    let (delay, wasCut) = try #require(Self.policy.retryAfter(value, now: Self.now))
    #expect(delay == 300)
    #expect(wasCut)
  }

  @Test("unreadable, negative and NaN values are ignored", arguments: ["soon", "-1", "nan", ""])
  func ignored(value: String) {
    #expect(Self.policy.retryAfter(value, now: Self.now) == nil)
  }

  @Test("the configuration's bound: 300 s by default, 0...3600 accepted")
  func configuration() {
    #expect(NetworkConfiguration().maxRetryAfter == 300)
    #expect(RetryPolicy(NetworkConfiguration()).maxRetryAfter == 300)
    for (value, valid) in [(0.0, true), (3_600, true), (3_600.5, false), (-1, false)] {
      var network = NetworkConfiguration()
      network.maxRetryAfter = value
      var configuration = NetworkFixtures.configuration()
      configuration.network = network
      let fields = configuration.validationErrors().compactMap { $0.metadata["field"] }
      #expect(fields.contains("network.maxRetryAfter") != valid, "\(value)")
    }
  }

  @Test("a 429 with a Retry-After of years on a call: no wait beyond the bound")
  func onACall() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/ping") { _, _ in
      ScriptedBackend.json(429, ["status": "0"], headers: ["Retry-After": "315360000"])
    }
    let configuration = NetworkFixtures.configuration {
      $0.network.resourceTimeout = 3_600
      $0.network.requestTimeout = 30
    }
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: configuration)
    _ = try? await client.send(
      Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping"))
    #expect(clock.sleeps.allSatisfy { $0 <= 300 }, "\(clock.sleeps)")
    #expect(!clock.sleeps.isEmpty)
  }
}
