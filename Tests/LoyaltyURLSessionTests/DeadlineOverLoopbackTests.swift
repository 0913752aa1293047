import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import LoyaltyURLSession
import Testing

/// Session and network 16: the request and resource timeouts hold over URLSession on
/// Linux, which enforces neither on a server that drips its body; and a cancelled call
/// ends at once. Either way the transfer itself stops: the server sees its connection
/// closed.
@Suite("Deadlines over loopback", .serialized)
struct DeadlineOverLoopbackTests {
  /// A server that drips a 100-byte answer, one byte a second.
  static func drippingServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { _ in
      .init(
        status: 200, headers: [("Content-Type", "application/json")], body: LoopbackClient.answer,
        behaviour: .drip(every: 1))
    }
  }

  @Test("16. a dripped body ends in timedOut within the resource timeout, and the transfer stops")
  func drip() async throws {
    let server = try Self.drippingServer()
    defer { server.stop() }
    let client = LoopbackClient.client(port: server.port) {
      $0.requestTimeout = 2
      $0.resourceTimeout = 3
    }
    let started = ContinuousClock.now
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.balance)
    }
    let elapsed = ContinuousClock.now - started
    #expect(error.code == .timedOut, "\(error)")
    // The resource timeout plus up to 20 s: room for a loaded machine (this suite
    // runs beside every other one), far below the 100 s the drip would take.
    #expect(elapsed < .seconds(3 + TestTime.slack(20)), "\(elapsed)")
    let closed = await server.wait(upTo: TestTime.slack(2)) {
      $0.connectionsClosedByClient == $0.requests.count && $0.openConnections == 0
    }
    #expect(
      closed,
      "\(server.connectionsClosedByClient) of \(server.requests.count) transfers were stopped")
  }

  @Test("cancelling the caller during a drip ends the call at once, and the transfer stops")
  func cancelDuringDrip() async throws {
    let server = try Self.drippingServer()
    defer { server.stop() }
    let client = LoopbackClient.client(port: server.port) {
      $0.requestTimeout = 20
      $0.resourceTimeout = 30
    }
    let call = Task { try await client.send(LoopbackClient.balance) }
    #expect(await server.wait(upTo: TestTime.slack(5)) { !$0.requests.isEmpty })
    // Let the head and a byte or two arrive: the body is being dripped.
    try await Task.sleep(for: .milliseconds(1_500))
    let cancelled = ContinuousClock.now
    call.cancel()
    let result = await call.result
    let elapsed = ContinuousClock.now - cancelled
    switch result {
    case .success:
      Issue.record("the call succeeded")
    case .failure(let error as LoyaltyError):
      #expect(error.code == .cancelled, "\(error)")
    case .failure(let error):
      #expect(error is CancellationError, "\(error)")
    }
    // Far below the 20 s request timeout it would otherwise wait for, with room for a
    // loaded machine.
    #expect(elapsed < .seconds(TestTime.slack(20)), "\(elapsed)")
    #expect(server.requests.count == 1, "a cancelled call is not retried")
    #expect(
      await server.wait(upTo: TestTime.slack(2)) {
        $0.connectionsClosedByClient == 1 && $0.openConnections == 0
      })
  }
}
