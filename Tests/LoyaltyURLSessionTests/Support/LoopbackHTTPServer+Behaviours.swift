import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LoopbackHTTPServer.Response {
  /// A redirect to `location` (a path of this server, or a whole URL).
  static func redirect(to location: String, status: Int = 302) -> Self {
    Self(status: status, headers: [("Location", location)])
  }

  /// A JSON body.
  static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> Self {
    Self(
      status: status, headers: headers + [("Content-Type", "application/json")],
      body: Data(text.utf8))
  }
}

extension LoopbackHTTPServer {
  /// Writes `response` to `client` as its behaviour says; returns `false` when the client
  /// closed the connection (or the server stopped) before the answer was complete.
  func write(_ response: Response, to client: Int32) -> Bool {
    var head = "HTTP/1.1 \(response.status) Status\r\n"
    var headers = response.headers
    headers.append(("Content-Length", String(response.body.count)))
    headers.append(("Connection", "close"))
    for (name, value) in headers {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    let body = response.body
    switch response.behaviour {
    case .complete:
      return send(Data(head.utf8) + body, to: client)
    case .drip(let seconds):
      guard send(Data(head.utf8), to: client) else { return false }
      for byte in body {
        if waitForClose(client, seconds: seconds) { return false }
        guard send(Data([byte]), to: client) else { return false }
      }
      return true
    case .resetAfterHead(let bodyBytes):
      let sent = send(Data(head.utf8) + body.prefix(max(0, bodyBytes)), to: client)
      // Time for the client to read what was sent: the reset cuts an answer it has begun.
      guard sent, !waitForClose(client, seconds: 0.1) else { return false }
      // Closing with a zero linger time sends a reset instead of a FIN.
      var option = linger(l_onoff: 1, l_linger: 0)
      setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
      return sent
    case .closeHalfWay:
      return send(Data(head.utf8) + body.prefix(body.count / 2), to: client)
    }
  }

  /// Sends all of `bytes`; `false` when the connection is gone. Never raises SIGPIPE.
  private func send(_ bytes: Data, to client: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.send(
          client, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }
}
