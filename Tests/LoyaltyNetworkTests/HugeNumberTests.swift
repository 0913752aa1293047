import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Bad input: numbers beyond `Int`'s range in a server's answer, and intervals beyond
/// what a clock can count, are a typed error or a tolerated default, never a crash.
@Suite("Numbers beyond Int's range on the wire")
struct HugeNumberTests {
  @Test(
    "numbers beyond Int's range in an error body are a typed error, never a crash",
    arguments: ["1e19", "-1e19", "1e308", "18446744073709551616", "-9223372036854775809"])
  func errorBody(number: String) async throws {
    for status in [200, 400, 500] {
      let backend = ScriptedBackend(clock: InstantClock())
      backend.on("") { _, _ in
        HTTPResponse(
          status: status, body: Data(#"{"status": \#(number), "msg": \#(number)}"#.utf8))
      }
      let (client, _) = NetworkFixtures.client(backend: backend)
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await client.send(
          Endpoint<ResponseEnvelope>(name: "redeem", method: .post, path: "/x"))
      }
      #expect(error.code == .serverStatus || error.code == .httpStatus)
    }
  }

  @Test(
    "a Retry-After beyond any clock is read, never a crash",
    arguments: ["1e19", "1e308", "18446744073709551616", "inf", "nan", "-1e19"])
  func retryAfter(value: String) {
    let delay = RetryPolicy.retryAfter(value, now: Date())
    #expect(delay.map { $0 >= 0 && $0.isFinite } ?? true)
  }

  @Test("retry delays stay finite and non-negative whatever the policy was set to")
  func retryDelays() {
    var policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 30, jitter: 0.1)
    for jitter in [-1, 2, .nan, .infinity, -.infinity] as [Double] {
      policy.jitter = jitter
      for retry in [1, 2, 1_000, Int.max] {
        let delay = policy.delay(forRetry: retry)
        #expect(delay >= 0 && delay <= 60, "jitter \(jitter), retry \(retry)")
      }
    }
    policy = RetryPolicy(maxAttempts: 3, baseDelay: 0, maxDelay: 30, jitter: 0)
    #expect(policy.delay(forRetry: 5_000) == 0)
  }

  @Test("an analytics answer counting Int.max duplicates never overflows")
  func duplicateCount() async throws {
    for duplicates in ["9223372036854775807", "1e19", "-9223372036854775808"] {
      let backend = ScriptedBackend(clock: InstantClock())
      backend.on("/analytics/0123456789abcdef0123456789abcdef/") { _, _ in
        HTTPResponse(
          status: 200, body: Data(#"{"status": "1", "duplicates": \#(duplicates)}"#.utf8))
      }
      let (client, _) = NetworkFixtures.client(backend: backend)
      let event = QueuedEvent(
        id: "e1", name: "e", timestamp: Date(), payload: Data(#"{"event_id":"e1"}"#.utf8))
      _ = await NetworkAnalyticsUploader(client: client).upload([event])
    }
  }
}
