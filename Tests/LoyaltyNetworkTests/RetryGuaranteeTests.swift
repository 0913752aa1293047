import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Retry guarantees (8 and 10)")
struct RetryGuaranteeTests {
  static func endpoint(
    method: HTTPMethod = .post, idempotent: Bool? = nil, deadline: TimeInterval? = nil
  ) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "campaigns", method: method, path: "/api/mobile/v2/{appUUID}/context/",
      isIdempotent: idempotent, deadline: deadline)
  }

  /// Answers with `statuses` in turn, then 200.
  static func backend(_ statuses: [Int], headers: HTTPHeaders = [:]) -> ScriptedBackend {
    let backend = ScriptedBackend(clock: InstantClock())
    let remaining = Locked(statuses)
    backend.on("/context/") { _, _ in
      let status = remaining.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
      return status == 200
        ? ScriptedBackend.ok() : ScriptedBackend.json(status, ["status": "0"], headers: headers)
    }
    return backend
  }

  @Test("a POST is not retried on 5xx unless marked idempotent")
  func postNotRetriedOnServerError() async throws {
    let plain = Self.backend([503])
    let (client, _) = NetworkFixtures.client(backend: plain)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Self.endpoint())
    }
    #expect(error.code == .httpStatus)
    #expect(error.metadata["status"] == "503")
    #expect(plain.calls("/context/") == 1)

    let idempotent = Self.backend([503, 502])
    let (retrying, _) = NetworkFixtures.client(backend: idempotent)
    _ = try await retrying.send(Self.endpoint(idempotent: true))
    #expect(idempotent.calls("/context/") == 3)
  }

  @Test(
    "408, 429 and 5xx are retried with jittered exponential backoff",
    arguments: [408, 429, 500, 503])
  func retriedStatuses(_ status: Int) async throws {
    let backend = Self.backend([status, status])
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(Self.endpoint(method: .get))
    #expect(backend.calls("/context/") == 3)
    let sleeps = (backend.clock as? InstantClock)?.sleeps ?? []
    #expect(sleeps.count == 2)
    #expect((0.45...0.55).contains(sleeps[0]), "0.5 s ± 10 %: \(sleeps)")
    #expect((0.9...1.1).contains(sleeps[1]), "1 s ± 10 %: \(sleeps)")
  }

  @Test("other 4xx are never retried", arguments: [400, 403, 404, 409, 422])
  func clientErrorsNotRetried(_ status: Int) async throws {
    let backend = Self.backend([status])
    let (client, _) = NetworkFixtures.client(backend: backend)
    await #expect(throws: LoyaltyError.self) {
      _ = try await client.send(Self.endpoint(method: .get))
    }
    #expect(backend.calls("/context/") == 1)
  }

  @Test("Retry-After is honoured, in seconds and as an HTTP date")
  func retryAfter() async throws {
    let backend = Self.backend([429], headers: ["Retry-After": "7"])
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(Self.endpoint())
    #expect((backend.clock as? InstantClock)?.sleeps == [7])

    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(RetryPolicy.retryAfter("Fri, 15 Jan 2027 08:00:12 GMT", now: now) == 12)
    #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
    #expect(RetryPolicy.retryAfter("-3", now: now) == nil)
  }

  @Test("a refused connection is retried; a timeout only when idempotent")
  func transportErrors() async throws {
    let failures = Locked([LoyaltyError.Code.notConnected, .notConnected])
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/context/") { _, _ in
      if let code = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
        throw LoyaltyError(code, "scripted")
      }
      return ScriptedBackend.ok()
    }
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(Self.endpoint())
    #expect(backend.calls("/context/") == 3)

    failures.withLock { $0 = [.timedOut] }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Self.endpoint())
    }
    #expect(error.code == .outcomeUnknown, "a POST that timed out may have acted: \(error)")
    #expect(error.underlyingDescription?.contains("timedOut") == true)
    #expect(backend.calls("/context/") == 4, "a POST that timed out is not re-sent")

    failures.withLock { $0 = [.timedOut] }
    _ = try await client.send(Self.endpoint(method: .get))
    #expect(backend.calls("/context/") == 6)
  }

  @Test("10. retries stay inside the caller's deadline")
  func deadline() async throws {
    let backend = Self.backend([503, 503, 503], headers: ["Retry-After": "5"])
    let (client, _) = NetworkFixtures.client(backend: backend)
    await #expect(throws: LoyaltyError.self) {
      _ = try await client.send(Self.endpoint(method: .get, deadline: 3))
    }
    #expect(backend.calls("/context/") == 1, "a 5 s wait does not fit a 3 s deadline")
    #expect((backend.clock as? InstantClock)?.sleeps == [])

    let backoff = Self.backend([503, 503, 503, 503])
    let configuration = NetworkFixtures.configuration { $0.network.maxRetryAttempts = 10 }
    let (patient, _) = NetworkFixtures.client(backend: backoff, configuration: configuration)
    await #expect(throws: LoyaltyError.self) {
      _ = try await patient.send(Self.endpoint(method: .get, deadline: 2.5))
    }
    let slept = (backoff.clock as? InstantClock)?.sleeps.reduce(0, +) ?? 0
    #expect(slept < 2.5, "slept \(slept) s")
    #expect(backoff.calls("/context/") == 3)
  }

  @Test("the policy's delays double up to the cap")
  func delays() {
    let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.5, maxDelay: 30, jitter: 0)
    #expect((1...8).map { policy.delay(forRetry: $0) } == [0.5, 1, 2, 4, 8, 16, 30, 30])
  }
}
