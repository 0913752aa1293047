import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("Connection slots and a request's timeout")
struct LimitedTransportTimeoutTests {
  /// Keeps the timeout of each request it is sent, and answers 200.
  final class TimeoutRecorder: HTTPTransport {
    private let seen = Locked<[TimeInterval?]>([])
    var timeouts: [TimeInterval?] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      seen.withLock { $0.append(request.timeout) }
      return HTTPResponse(status: 200, body: Data())
    }
  }

  @Test("a request that found a slot free goes on with its own timeout, or none")
  func freeSlotKeepsTheTimeout() async throws {
    let recorder = TimeoutRecorder()
    let transport = LimitedTransport(recorder, limit: 2, defaultTimeout: 30)
    let url = try #require(URL(string: "https://loyalty.test/x"))
    _ = try await transport.send(HTTPRequest(method: .get, url: url))
    _ = try await transport.send(HTTPRequest(method: .get, url: url, timeout: 5))
    #expect(recorder.timeouts == [nil, 5])
  }
}
