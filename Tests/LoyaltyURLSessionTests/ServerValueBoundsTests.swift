import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyURLSession
import Testing

/// Session and network 17 and 19: no server value stops the SDK beyond a configured
/// bound, and no server text is kept unbounded. Over a real socket, through URLSession.
@Suite("Server values over loopback", .serialized)
struct ServerValueBoundsTests {
  @Test(
    "17. a Retry-After of years, of 9999 or of 1e300 pauses analytics 300 s at most; a restart uploads",
    arguments: ["315360000", "Fri, 31 Dec 9999 23:59:59 GMT", "1e300"])
  func hugeRetryAfter(retryAfter: String) async throws {
    let busy = Locked(true)
    let server = try LoopbackHTTPServer { request in
      guard request.method == "POST", request.path.hasPrefix("/api/async/analytics/") else {
        return .json(404, #"{"status":"0"}"#)
      }
      return busy.withLock { $0 }
        ? .json(429, #"{"status":"0"}"#, headers: [("Retry-After", retryAfter)])
        : .json(200, #"{"status":"1","accepted":1}"#)
    }
    defer { server.stop() }
    let client = LoopbackClient.client(port: server.port)
    let queue = InMemoryEventQueue()
    let configuration = AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0)
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { NetworkAnalyticsUploader(client: client) }, clock: SystemClock(),
      configuration: configuration)
    try await pipeline.track("coupon_viewed")
    // The pause is counted from the answer, which came between these two readings: a slow
    // machine (ThreadSanitizer) moves both, not the pause.
    let sent = Date()
    await pipeline.flush()
    let answered = Date()
    #expect(server.requests.count == 1, "the pipeline backs off, not the client")
    #expect(await queue.count() == 1, "a 429 deletes nothing")
    let until = try #require(await pipeline.backoffUntil)
    let longest = until.timeIntervalSince(sent)
    let shortest = until.timeIntervalSince(answered)
    #expect(shortest <= 301, "paused \(shortest) s after the answer")
    #expect(longest >= 290, "Retry-After is honoured up to the bound: \(longest) s")

    // A restart: a new pipeline on the same queue, the server answering again.
    busy.withLock { $0 = false }
    let restarted = AnalyticsPipeline(
      queue: queue, uploader: { NetworkAnalyticsUploader(client: client) }, clock: SystemClock(),
      configuration: configuration)
    await restarted.flush()
    #expect(server.requests.count == 2)
    #expect(await queue.count() == 0)
    #expect(await restarted.backoffUntil == nil)
  }

  @Test("17. the uploader itself cuts a huge Retry-After to network.maxRetryAfter")
  func uploaderCut() async throws {
    let server = try LoopbackHTTPServer { _ in
      .json(429, #"{"status":"0"}"#, headers: [("Retry-After", "1e300")])
    }
    defer { server.stop() }
    let uploader = NetworkAnalyticsUploader(client: LoopbackClient.client(port: server.port))
    let outcome = await uploader.upload([
      QueuedEvent(
        id: "id-0", name: "e", timestamp: Date(), payload: Data(#"{"event_id":"id-0"}"#.utf8))
    ])
    #expect(outcome == .retryLater(after: NetworkConfiguration.defaultMaxRetryAfter))
  }

  @Test("19. a 5 MB server message becomes an error message of about 1 KB, marked as cut")
  func hugeMessage() async throws {
    let message = String(repeating: "xxxx ", count: 1_000_000)
    let body = Data(#"{"status":"0","msg":"\#(message)"}"#.utf8)
    let server = try LoopbackHTTPServer { _ in
      .init(status: 400, headers: [("Content-Type", "application/json")], body: body)
    }
    defer { server.stop() }
    let client = LoopbackClient.client(port: server.port)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(LoopbackClient.balance)
    }
    #expect(error.code == .httpStatus, "\(error.code)")
    #expect(error.message.utf8.count <= 1_200, "\(error.message.utf8.count) bytes")
    #expect(error.message.hasSuffix("[cut: \(message.utf8.count) bytes]"))
    #expect(server.requests.count == 1, "a 400 is not retried")
  }
}
