import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyURLSession
import Testing

/// What URLSessionTransport does beyond the HTTPTransport contract, which
/// URLSessionConformanceTests checks.
@Suite("URLSessionTransport over loopback", .serialized)
struct URLSessionTransportTests {
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

  /// Clients and lifecycle 3: memory is bounded everywhere, a huge response body
  /// included, whatever its encoding.
  @Test("memory is bounded: a body beyond the limit fails with an error naming the limit")
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
