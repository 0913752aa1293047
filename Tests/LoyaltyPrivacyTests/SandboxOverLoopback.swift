import Dispatch
import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltySandbox

/// The sandbox backend served over HTTP on 127.0.0.1: each request the loopback server
/// reads is answered by the sandbox, and kept, so a test sees exactly what reached the
/// server.
final class SandboxOverLoopback: Sendable {
  let backend: SandboxBackend
  let server: LoopbackHTTPServer

  init(_ backend: SandboxBackend) throws {
    self.backend = backend
    self.server = try LoopbackHTTPServer { request in
      Self.answer(request, from: backend)
    }
  }

  /// `POST /api/...`: the method and the path (without the query) of every request, in
  /// the order the server read them.
  var requestLines: [String] {
    server.requests.map { request in
      "\(request.method) \(request.path.split(separator: "?").first.map(String.init) ?? "")"
    }
  }

  /// What the sandbox calls each request, in order (`login`, `campaigns`, `analytics`).
  var endpoints: [SandboxEndpoint] {
    server.requests.map { backend.endpoint(for: Self.httpRequest($0, port: server.port)) }
  }

  func stop() { server.stop() }

  /// The server's thread waits here for the sandbox's asynchronous answer: it is the
  /// connection's own thread, not one of the cooperative pool's.
  private static func answer(
    _ request: LoopbackHTTPServer.Request, from backend: SandboxBackend
  ) -> LoopbackHTTPServer.Response {
    let answered = Locked<LoopbackHTTPServer.Response?>(nil)
    let done = DispatchSemaphore(value: 0)
    let incoming = httpRequest(request, port: 0)
    Task {
      let response: LoopbackHTTPServer.Response
      do {
        let answer = try await backend.respond(to: incoming)
        response = LoopbackHTTPServer.Response(
          status: answer.status,
          headers: answer.headers.filter { $0.name.lowercased() != "content-length" }
            .map { ($0.name, $0.value) },
          body: answer.body)
      } catch {
        response = LoopbackHTTPServer.Response(status: 500)
      }
      answered.withLock { $0 = response }
      done.signal()
    }
    done.wait()
    return answered.withLock { $0 } ?? LoopbackHTTPServer.Response(status: 500)
  }

  private static func httpRequest(_ request: LoopbackHTTPServer.Request, port: UInt16)
    -> HTTPRequest
  {
    HTTPRequest(
      method: HTTPMethod(rawValue: request.method),
      url: URL(string: "http://127.0.0.1:\(port)\(request.path)")
        ?? URL(fileURLWithPath: "/"),
      headers: HTTPHeaders(request.headers.map { (name: $0.key, value: $0.value) }),
      body: request.body.isEmpty ? nil : request.body)
  }
}
