import Foundation
import HTTPTypes
public import Hummingbird
import LoyaltyCore
import LoyaltySandbox
import NIOCore

/// Serves every request with a ``LoyaltySandbox/SandboxBackend``: the request becomes an
/// SDK `HTTPRequest`, the backend's answer goes back byte for byte, and a dropped or lost
/// connection (an injected fault) closes the socket without an answer.
///
/// The answer carries one `Date` header: the HTTP server writes its own (from the system
/// clock, to the second) in place of the backend's, so a backend on another clock than
/// the system's is served with the system's date.
public struct EmulatorResponder: HTTPResponder {
  /// The request context.
  public typealias Context = EmulatorRequestContext

  /// The largest request body accepted.
  public static let maxBodySize = 32 * 1_024 * 1_024

  let backend: SandboxBackend
  let log: (@Sendable (RequestLogLine) -> Void)?
  let console: EmulatorConsole?

  public func respond(to request: Request, context: Context) async throws -> Response {
    let started = ContinuousClock.now
    var request = request
    let buffer = try await request.collectBody(upTo: Self.maxBodySize)
    var headers = LoyaltyCore.HTTPHeaders()
    for field in request.headers {
      headers.add(name: field.name.rawName, value: field.value)
    }
    let target = request.uri.description.hasPrefix("/") ? request.uri.description : "/"
    if let console, EmulatorConsole.owns(path: request.uri.path) {
      let answer = console.respond(
        method: request.method.rawValue, target: target,
        headers: request.headers.map { ($0.name.rawName, $0.value) },
        body: Data(buffer: buffer))
      var fields = HTTPFields()
      for (name, value) in answer.headers {
        if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
      }
      fields[.contentLength] = String(answer.body.count)
      return Response(
        status: HTTPResponse.Status(code: answer.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
    guard let url = URL(string: "http://127.0.0.1\(target)") else {
      return Response(status: .badRequest)
    }
    let sdkRequest = LoyaltyCore.HTTPRequest(
      method: LoyaltyCore.HTTPMethod(rawValue: request.method.rawValue), url: url,
      headers: headers, body: buffer.readableBytes > 0 ? Data(buffer: buffer) : nil)

    if let console, let ledger = console.ledger {
      ledger.received(
        sdkRequest, endpoint: backend.endpoint(for: sdkRequest), serverNow: console.clock.now)
    }
    let exchange = await backend.exchange(sdkRequest)
    let answer: LoyaltyCore.HTTPResponse
    switch exchange.result {
    case .success(let response):
      answer = response
    case .failure(let error):
      record(sdkRequest, exchange, since: started)
      // No answer at all: the client sees the connection drop.
      try? await context.channel.close()
      throw error
    }
    var fields = HTTPFields()
    // The backend's `Date` is copied too; the server replaces it with its own, never adds
    // a second.
    for field in answer.headers {
      if let name = HTTPField.Name(field.name) {
        fields.append(HTTPField(name: name, value: field.value))
      }
    }
    fields[.contentLength] = String(answer.body.count)
    let drip = console?.takeDrip(for: exchange.endpoint)
    record(sdkRequest, exchange, since: started, drip: drip)
    let body =
      drip.map { Self.dripped(answer.body, $0) }
      ?? ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
    return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: body)
  }

  /// A body sent `drip.bytes` at a time, `drip.milliseconds` apart; a client that hangs
  /// up ends it.
  private static func dripped(_ bytes: Data, _ drip: DripRule) -> ResponseBody {
    ResponseBody(contentLength: bytes.count) { writer in
      var offset = bytes.startIndex
      while offset < bytes.endIndex {
        let end = min(offset + drip.bytes, bytes.endIndex)
        try await writer.write(ByteBuffer(bytes: bytes[offset..<end]))
        offset = end
        if offset < bytes.endIndex {
          try await Task.sleep(for: .milliseconds(drip.milliseconds))
        }
      }
      try await writer.finish(nil)
    }
  }

  private func record(
    _ request: LoyaltyCore.HTTPRequest, _ exchange: SandboxExchange,
    since started: ContinuousClock.Instant, drip: DripRule? = nil
  ) {
    guard log != nil || console != nil else { return }
    let elapsed = ContinuousClock.now - started
    let milliseconds =
      Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    let answer = try? exchange.result.get()
    let path =
      URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath
      ?? request.url.path
    log?(
      RequestLogLine(
        method: request.method.rawValue, path: path, endpoint: exchange.endpoint,
        status: answer?.status, bytes: answer?.body.count ?? 0, milliseconds: milliseconds))
    console?.record(
      LoggedExchange(
        request: request, path: path, exchange: exchange, milliseconds: milliseconds,
        drip: drip?.description))
  }
}
