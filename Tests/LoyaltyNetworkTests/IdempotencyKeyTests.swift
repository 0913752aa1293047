import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Idempotency keys and the two kinds of transport failure")
struct IdempotencyKeyTests {
  static let post = Endpoint<ResponseEnvelope>(
    name: "add_card", method: .post, path: "/oauth/{appUUID}/context",
    body: .wrapped("cards", ["action": "add_card"]))

  /// A backend whose first answers are the scripted failures, then `ok`.
  static func backend(failing codes: [LoyaltyError.Code]) -> ScriptedBackend {
    let failures = Locked(codes)
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/context") { _, _ in
      if let code = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
        throw LoyaltyError(code, "scripted")
      }
      return ScriptedBackend.ok()
    }
    return backend
  }

  @Test("a call that is not idempotent carries one key, the same on every attempt")
  func oneKeyPerCall() async throws {
    let backend = Self.backend(failing: [.notConnected, .notConnected])
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(Self.post)
    _ = try await client.send(Self.post)
    let keys = backend.requests.map { $0.headers[IdempotencyKey.headerName] }
    #expect(keys.count == 4)
    #expect(keys.allSatisfy { $0 != nil })
    #expect(Set(keys[0..<3]).count == 1, "three attempts of one call: one key")
    #expect(keys[3] != keys[0], "another call: another key")
    #expect(keys[0].flatMap(IdempotencyKey.init) != nil)
  }

  @Test("an idempotent call carries no key; a host's key is sent as given")
  func idempotentAndHostKeys() async throws {
    let backend = Self.backend(failing: [])
    let (client, _) = NetworkFixtures.client(backend: backend)
    var read = Self.post
    read.isIdempotent = true
    _ = try await client.send(read)
    var keyed = Self.post
    keyed.idempotencyKey = IdempotencyKey("order-42")
    _ = try await client.send(keyed)
    #expect(backend.requests[0].headers[IdempotencyKey.headerName] == nil)
    #expect(backend.requests[1].headers[IdempotencyKey.headerName] == "order-42")
  }

  @Test(
    "may have reached the server: a call that is not idempotent is sent once, outcomeUnknown",
    arguments: [LoyaltyError.Code.connectionLost, .timedOut, .transportFailed])
  func mayHaveReached(code: LoyaltyError.Code) async throws {
    let backend = Self.backend(failing: [code])
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Self.post)
    }
    #expect(error.code == .outcomeUnknown)
    #expect(error.metadata["endpoint"] == "add_card")
    #expect(
      error.idempotencyKey?.rawValue
        == backend.requests.first?.headers[IdempotencyKey.headerName])
    #expect(backend.calls("/context") == 1)
  }

  @Test(
    "may have reached the server: an idempotent call is retried",
    arguments: [LoyaltyError.Code.connectionLost, .timedOut, .transportFailed])
  func idempotentRetried(code: LoyaltyError.Code) async throws {
    let backend = Self.backend(failing: [code])
    let (client, _) = NetworkFixtures.client(backend: backend)
    var read = Self.post
    read.isIdempotent = true
    _ = try await client.send(read)
    #expect(backend.calls("/context") == 2)
  }

  @Test("nothing sent: retried whatever the call, and never outcomeUnknown")
  func nothingSent() async throws {
    let backend = Self.backend(failing: [.notConnected, .notConnected, .notConnected])
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Self.post)
    }
    #expect(error.code == .notConnected)
    #expect(backend.calls("/context") == 3)
  }

  @Test("an error marked as never sent is not a reason for outcomeUnknown")
  func markedNotSent() {
    let sent = LoyaltyError(.timedOut, "x")
    let queued = LoyaltyError(.timedOut, "x", metadata: [LoyaltyError.requestSentKey: "false"])
    #expect(sent.mayHaveReachedServer)
    #expect(!queued.mayHaveReachedServer)
    #expect(!LoyaltyError(.notConnected, "x").mayHaveReachedServer)
    #expect(!LoyaltyError(.httpStatus, "x").mayHaveReachedServer)
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0, maxDelay: 0, jitter: 0)
    #expect(policy.shouldRetry(error: queued, idempotent: false))
    #expect(!policy.shouldRetry(error: sent, idempotent: false))
    #expect(policy.shouldRetry(error: sent, idempotent: true))
  }

  @Test("host keys: 1 to 255 visible ASCII characters, no comma or quote")
  func keyFormat() {
    #expect(IdempotencyKey(String(repeating: "k", count: 255)) != nil)
    #expect(IdempotencyKey(String(repeating: "k", count: 256)) == nil)
    #expect(IdempotencyKey("") == nil)
    #expect(IdempotencyKey("a b") == nil)
    #expect(IdempotencyKey("a,b") == nil)
    #expect(IdempotencyKey("a\"b") == nil)
    #expect(IdempotencyKey("~") != nil)
    #expect(IdempotencyKey("\u{7F}") == nil)
    #expect(IdempotencyKey().rawValue.count == 36)
  }
}
