import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import LoyaltyURLSession
import Testing

/// Session and network 15: a request that may have reached the server is sent again
/// only when it is idempotent; otherwise the caller gets `outcomeUnknown`, with the key
/// to send it again safely. Over a real socket, through URLSession.
@Suite("Flaky network over loopback", .serialized)
struct FlakyNetworkTests {
  /// A server answering every request with `behaviour`, and a client to it.
  static func setUp(
    _ behaviour: LoopbackHTTPServer.Behaviour, middleware: [any HTTPMiddleware] = []
  ) throws -> (LoopbackHTTPServer, NetworkClient) {
    let server = try LoopbackHTTPServer { _ in
      .init(
        status: 200, headers: [("Content-Type", "application/json")], body: LoopbackClient.answer,
        behaviour: behaviour)
    }
    return (server, LoopbackClient.client(port: server.port, middleware: middleware))
  }

  @Test(
    "15. a POST answered 200 and then reset half-way is sent once: outcomeUnknown, with its key")
  func resetPost() async throws {
    let (server, client) = try Self.setUp(.resetAfterHead(bodyBytes: 50))
    defer { server.stop() }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.redeem)
    }
    #expect(server.requests.count == 1, "a coupon is never redeemed twice by the SDK")
    #expect(error.code == .outcomeUnknown, "\(error)")
    #expect(error.metadata["endpoint"] == "redeem_coupon")
    // A reset read after the head is connectionLost; on a loaded machine libcurl may
    // report it as another failure of the transfer, or miss it and wait out the request
    // timeout. Each may have reached the server.
    #expect(
      ["connectionLost", "transportFailed", "timedOut"].contains {
        error.underlyingDescription?.contains($0) == true
      }, "\(error)")
    let sent = try #require(server.requests.first?.headers["idempotency-key"])
    #expect(error.idempotencyKey?.rawValue == sent)
    #expect(IdempotencyKey(sent) != nil)
  }

  @Test("15. a POST whose answer is closed half-way is sent once: outcomeUnknown")
  func closedPost() async throws {
    let (server, client) = try Self.setUp(.closeHalfWay)
    defer { server.stop() }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.redeem)
    }
    #expect(server.requests.count == 1)
    #expect(error.code == .outcomeUnknown, "\(error)")
    #expect(error.metadata["endpoint"] == "redeem_coupon")
    #expect(error.idempotencyKey?.rawValue == server.requests.first?.headers["idempotency-key"])
  }

  @Test("15. a GET reset half-way is retried, and ends connectionLost, not outcomeUnknown")
  func resetGet() async throws {
    let (server, client) = try Self.setUp(.resetAfterHead(bodyBytes: 50))
    defer { server.stop() }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.balance)
    }
    #expect(server.requests.count == 3, "three attempts")
    #expect(error.code == .connectionLost, "\(error)")
    #expect(error.mayHaveReachedServer)
    #expect(server.requests.allSatisfy { $0.headers["idempotency-key"] == nil })
  }

  @Test("15. a refused connection sent nothing: a POST is retried and ends notConnected")
  func refusedPost() async throws {
    let counter = AttemptCounter()
    let client = LoopbackClient.client(
      port: try LoopbackHTTPServer.unusedPort(), middleware: [counter])
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.redeem)
    }
    #expect(error.code == .notConnected, "\(error)")
    #expect(!error.mayHaveReachedServer)
    #expect(counter.attempts == 3, "nothing was sent, so sending again is safe")
  }

  @Test(
    "a redirect loop is an answer: invalidResponse, not retried, within the deadline",
    arguments: ["GET", "POST"])
  func redirectLoop(method: String) async throws {
    let server = try LoopbackHTTPServer { request in .redirect(to: request.path) }
    defer { server.stop() }
    let client = LoopbackClient.client(port: server.port)
    let started = ContinuousClock.now
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(method == "GET" ? LoopbackClient.balance : LoopbackClient.redeem)
    }
    let elapsed = ContinuousClock.now - started
    #expect(error.code == .invalidResponse, "\(error)")
    // URLSession follows 20 redirects; the call is not sent again.
    #expect(server.requests.count <= 32, "\(server.requests.count) requests")
    #expect(server.requests.first?.method == method)
    #expect(elapsed < .seconds(TestTime.slack(15)), "\(elapsed)")
  }
}
