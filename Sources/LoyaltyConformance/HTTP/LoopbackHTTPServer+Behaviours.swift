import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How each ``LoopbackHTTPServer/Behaviour`` writes an answer.
extension LoopbackHTTPServer {
  /// Writes `response` to `client` as its behaviour says; returns `false` when the client
  /// closed the connection (or the server stopped) before the answer was complete.
  func write(_ response: Response, to client: Int32) -> Bool {
    var head = "HTTP/1.1 \(response.status) Status\r\n"
    var headers = response.headers
    if response.behaviour != .closeDelimited {
      headers.append(("Content-Length", String(response.body.count)))
    }
    headers.append(("Connection", "close"))
    for (name, value) in headers {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    let body = response.body
    switch response.behaviour {
    case .complete, .closeDelimited:
      return transmit(Data(head.utf8) + body, to: client)
    case .drip(let seconds):
      guard transmit(Data(head.utf8), to: client) else { return false }
      for byte in body {
        if waitForClose(client, seconds: seconds) { return false }
        guard transmit(Data([byte]), to: client) else { return false }
      }
      return true
    case .resetAfterHead(let bodyBytes):
      let sent = transmit(Data(head.utf8) + body.prefix(max(0, bodyBytes)), to: client)
      // Time for the client to read what was sent: the reset cuts an answer it has begun.
      guard sent, !waitForClose(client, seconds: 0.1) else { return false }
      // Closing with a zero linger time sends a reset instead of a FIN.
      var option = linger(l_onoff: 1, l_linger: 0)
      setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
      return sent
    case .closeHalfWay:
      return transmit(Data(head.utf8) + body.prefix(body.count / 2), to: client)
    }
  }
}
