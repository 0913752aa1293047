import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyURLSession
import Testing

@Suite("URLSessionTransport over loopback", .serialized)
struct URLSessionTransportTests {
  @Test("sends method, headers and body; returns status, headers and body")
  func roundTrip() async throws {
    let server = try LoopbackHTTPServer { request in
      var response = LoopbackHTTPServer.Response(status: 201)
      response.headers = [("X-Echo-Method", request.method), ("Content-Type", "application/json")]
      response.body = request.body
      return response
    }
    defer { server.stop() }
    let transport = URLSessionTransport(requestTimeout: 5)
    let body = Data(#"{"campaigns":{"action":"retrieve"}}"#.utf8)
    let response = try await transport.send(
      HTTPRequest(
        method: .post, url: server.baseURL.appendingPathComponent("api/mobile/v2/x/context/"),
        headers: ["loyalty-web-id": "merchant-7", "Content-Type": "application/json"],
        body: body))
    #expect(response.status == 201)
    #expect(response.body == body)
    #expect(response.headers["x-echo-method"] == "POST")
    let received = try #require(server.requests.first)
    #expect(received.path == "/api/mobile/v2/x/context/")
    #expect(received.headers["loyalty-web-id"] == "merchant-7")
  }

  @Test("4xx and 5xx are responses, not errors")
  func errorStatusesAreResponses() async throws {
    let server = try LoopbackHTTPServer { _ in .init(status: 503, body: Data("busy".utf8)) }
    defer { server.stop() }
    let response = try await URLSessionTransport(requestTimeout: 5).send(
      HTTPRequest(method: .get, url: server.baseURL))
    #expect(response.status == 503)
    #expect(!response.isSuccess)
  }

  @Test("a gzip body is returned decompressed")
  func gzipBody() async throws {
    let json = Data(String(repeating: #"{"status":"1"},"#, count: 200).utf8)
    let compressed = try Gzip.compress(json)
    let server = try LoopbackHTTPServer { _ in
      .init(status: 200, headers: [("Content-Encoding", "gzip")], body: compressed)
    }
    defer { server.stop() }
    let response = try await URLSessionTransport(requestTimeout: 5).send(
      HTTPRequest(method: .get, url: server.baseURL, headers: ["Accept-Encoding": "gzip"]))
    #expect(response.body == json)
  }

  @Test("a gzip file served without Content-Encoding is returned as it came")
  func gzipFileBody() async throws {
    let compressed = try Gzip.compress(Data(String(repeating: "snapshot ", count: 200).utf8))
    let server = try LoopbackHTTPServer { _ in
      .init(status: 200, headers: [("Content-Type", "application/gzip")], body: compressed)
    }
    defer { server.stop() }
    let response = try await URLSessionTransport(requestTimeout: 5).send(
      HTTPRequest(method: .get, url: server.baseURL, headers: ["Accept-Encoding": "gzip"]))
    #expect(response.body == compressed)
  }

  @Test("a slow server times out with a typed error")
  func timeout() async throws {
    let server = try LoopbackHTTPServer { _ in .init(status: 200, delay: 3) }
    defer { server.stop() }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await URLSessionTransport(requestTimeout: 1).send(
        HTTPRequest(method: .get, url: server.baseURL, timeout: 1))
    }
    #expect(error.code == .timedOut, "\(error)")
  }

  @Test("a refused connection is a typed error")
  func connectionRefused() async throws {
    let server = try LoopbackHTTPServer { _ in .init() }
    let url = server.baseURL
    server.stop()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await URLSessionTransport(requestTimeout: 2).send(HTTPRequest(method: .get, url: url))
    }
    #expect(error.code == .notConnected || error.code == .transportFailed)
  }

  @Test("cancelling the calling task cancels the request")
  func cancellation() async throws {
    let server = try LoopbackHTTPServer { _ in .init(status: 200, delay: 5) }
    defer { server.stop() }
    let transport = URLSessionTransport(requestTimeout: 10)
    let task = Task {
      try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
    }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    let result = await task.result
    #expect(throws: (any Error).self) { try result.get() }
    if case .failure(let error as LoyaltyError) = result {
      #expect(error.code == .cancelled)
    }
  }

  /// Clients and lifecycle 3: memory is bounded everywhere, a huge response body
  /// included, whatever its encoding.
  @Test("memory is bounded: a body beyond the limit fails with a typed error naming it")
  func bodyLimit() async throws {
    let plain = Data(repeating: UInt8(ascii: "a"), count: 200 * 1_024)
    let compressed = try Gzip.compress(Data(repeating: UInt8(ascii: "b"), count: 1_024 * 1_024))
    let server = try LoopbackHTTPServer { request in
      request.path.hasSuffix("gzip")
        ? .init(status: 200, headers: [("Content-Encoding", "gzip")], body: compressed)
        : .init(status: 500, body: plain)
    }
    defer { server.stop() }
    let transport = URLSessionTransport(requestTimeout: 5, maxBodySize: 64 * 1_024)
    for path in ["plain", "gzip"] {
      let error = try await #require(throws: LoyaltyError.self, "\(path)") {
        _ = try await transport.send(
          HTTPRequest(
            method: .get, url: server.baseURL.appendingPathComponent(path),
            headers: ["Accept-Encoding": "gzip"]))
      }
      #expect(error.code.name == "responseTooLarge", "\(path): \(error)")
      #expect(error.metadata["limit"] == "65536", "\(path)")
    }
    let within = URLSessionTransport(requestTimeout: 5, maxBodySize: 2 * 1_024 * 1_024)
    let response = try await within.send(
      HTTPRequest(
        method: .get, url: server.baseURL.appendingPathComponent("gzip"),
        headers: ["Accept-Encoding": "gzip"]))
    #expect(response.body.count == 1_024 * 1_024)
  }
}
