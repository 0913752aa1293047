import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyTestSupport
import LoyaltyURLSession
import Testing

@Suite("Loopback server")
struct LoopbackHTTPServerTests {
  @Test("stop() ends every thread of the server, a connection's in the middle of a drip too")
  func stopEndsThreads() async throws {
    let server = try LoopbackHTTPServer { _ in
      .init(status: 200, body: Data(count: 100), behaviour: .drip(every: 60))
    }
    let call = Task {
      try await URLSessionTransport(requestTimeout: 30).send(
        HTTPRequest(method: .get, url: server.baseURL))
    }
    #expect(
      await server.wait(upTo: TestTime.slack(20)) {
        $0.openConnections == 1 && !$0.requests.isEmpty
      })
    server.stop()
    #expect(
      await server.wait(upTo: TestTime.slack(10)) { $0.openConnections == 0 && !$0.isListening })
    await #expect(throws: LoyaltyError.self) { try await call.value }
    #expect(server.connectionsClosedByClient == 0, "the server closed it")
  }
}
