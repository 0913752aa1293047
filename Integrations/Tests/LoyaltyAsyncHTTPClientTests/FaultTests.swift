import AsyncHTTPClient
import Foundation
import LoyaltyAsyncHTTPClient
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// The transport against servers on 127.0.0.1 that misbehave, beyond what
/// ``HTTPTransportConformance`` checks: the exact kind of a cut answer, the deadline
/// bound of a dripped body, what the SDK makes of a reset for a call that is not
/// idempotent, and a host's client that decompresses itself.
@Suite("AsyncHTTPClient transport: faults on 127.0.0.1", .timeLimit(.minutes(1)))
struct FaultTests {
  static let limit = 1_024 * 1_024

  static func transport(
    timeout: TimeInterval = 10, client: HTTPClient = AsyncHTTPClientTransport.sharedClient
  ) -> AsyncHTTPClientTransport {
    AsyncHTTPClientTransport(client: client, requestTimeout: timeout, maxResponseBytes: limit)
  }

  /// The error `transport` throws for a GET of `url`.
  static func failure(
    _ transport: AsyncHTTPClientTransport, _ url: URL, timeout: TimeInterval? = nil
  ) async throws -> LoyaltyError {
    try await #require(throws: LoyaltyError.self) {
      _ = try await transport.send(HTTPRequest(method: .get, url: url, timeout: timeout))
    }
  }

  @Test("a body dripped a byte every 2 s ends in timedOut by the 3 s deadline")
  func drip() async throws {
    let server = try LoopbackHTTPServer { _ in
      LoopbackHTTPServer.Response(body: Data(count: 100), behaviour: .drip(every: 2))
    }
    defer { server.stop() }
    let started = ContinuousClock.now
    let error = try await Self.failure(Self.transport(timeout: 30), server.url("/drip"), timeout: 3)
    let elapsed = ContinuousClock.now - started
    #expect(error.code == .timedOut)
    #expect(elapsed >= .seconds(2.9))
    #expect(elapsed < .seconds(4))
    #expect(await server.wait(upTo: 10) { $0.connectionsClosedByClient >= 1 })
  }

  @Test("a reset after the head may have reached the server: connectionLost")
  func resetAfterHead() async throws {
    let server = try LoopbackHTTPServer { _ in
      LoopbackHTTPServer.Response(
        body: Data(count: 10_000), behaviour: .resetAfterHead(bodyBytes: 10))
    }
    defer { server.stop() }
    let error = try await Self.failure(Self.transport(), server.url("/reset"))
    #expect(error.code == .connectionLost)
  }

  @Test("a non-idempotent call cut by a reset ends in outcomeUnknown, sent once")
  func resetNonIdempotent() async throws {
    // The device registration is answered; the redemption is cut.
    let server = try LoopbackHTTPServer { request in
      LoopbackHTTPServer.Response(
        body: Data(#"{"status":"1"}"#.utf8),
        behaviour: request.path == "/redeem" ? .resetAfterHead(bodyBytes: 2) : .complete)
    }
    defer { server.stop() }
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-ahc",
      apiKey: "ahc-api-key", bundleID: "com.example.ahc-tests",
      environment: .custom(server.baseURL), language: "en", preset: .production)
    configuration.logging.level = .none
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(transport: .asyncHTTPClient())])
    let redeem = Endpoint<ResponseEnvelope>(
      name: "redeem", method: .post, path: "/redeem", body: .json(["code": "A1"]))
    let error = await #expect(throws: LoyaltyError.self) {
      _ = try await client.network.send(redeem)
    }
    await client.shutdown()
    #expect(error?.code == .outcomeUnknown)
    #expect(server.requests.filter { $0.path == "/redeem" }.count == 1)
  }

  @Test("a body cut half way by a close is connectionLost")
  func closeHalfWay() async throws {
    let server = try LoopbackHTTPServer { _ in
      LoopbackHTTPServer.Response(body: Data(count: 10_000), behaviour: .closeHalfWay)
    }
    defer { server.stop() }
    let error = try await Self.failure(Self.transport(), server.url("/cut"))
    #expect(error.code == .connectionLost)
  }

  @Test("a host's client that decompresses itself: its own ratio limit applies first")
  func decompressingClient() async throws {
    // Bytes that compress little, as most answers do; and a list so repetitive that it
    // compresses more than `HTTPClient.shared` inflates (25 times).
    var generator = SystemRandomNumberGenerator()
    let varied = Data((0..<50_000).map { _ in UInt8.random(in: 32...126, using: &generator) })
    let repetitive = Data(String(repeating: #"{"points":12},"#, count: 5_000).utf8)
    let bomb = try LoopbackHTTPServer.Response.gzipBomb(inflatingTo: 16 * Self.limit)
    let server = try LoopbackHTTPServer { request in
      switch request.path {
      case "/bomb": bomb
      case "/varied": (try? .gzipEncoded(varied)) ?? .init(status: 500)
      default: (try? .gzipEncoded(repetitive)) ?? .init(status: 500)
      }
    }
    defer { server.stop() }
    let transport = Self.transport(client: .shared)
    let answer = try await transport.send(HTTPRequest(method: .get, url: server.url("/varied")))
    #expect(answer.body == varied)
    for path in ["/bomb", "/repetitive"] {
      let error = try await Self.failure(transport, server.url(path))
      #expect(error.code == .responseTooLarge, "\(path)")
    }
  }
}
