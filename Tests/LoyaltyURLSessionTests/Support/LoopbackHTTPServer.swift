import Foundation
import LoyaltyCore
import LoyaltyTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for transport tests.
///
/// Each connection carries one request; the handler's answer is written as its
/// ``Response/behaviour`` says (whole, dripped, cut by a reset or a close) and the
/// connection closed. Only loopback is ever bound.
///
/// No thread outlives its work: a connection's thread ends when its answer is written,
/// when the client closes the connection, or when ``stop()`` shuts every socket down;
/// no thread sleeps without watching its socket.
final class LoopbackHTTPServer: Sendable {
  struct Request: Sendable {
    let method: String
    let path: String
    let headers: [String: String]
    let body: Data
  }

  struct Response: Sendable {
    var status = 200
    var headers: [(String, String)] = []
    var body = Data()
    /// How long to wait before answering; ends early when the client closes.
    var delay: TimeInterval = 0
    var behaviour = Behaviour.complete
  }

  /// How an answer is written.
  enum Behaviour: Sendable {
    /// The head and the whole body, then a plain close.
    case complete
    /// The head with the body's `Content-Length`, then one body byte every `seconds`,
    /// until the body ends or the client closes the connection.
    case drip(every: TimeInterval)
    /// The head and the first `bodyBytes` bytes of the body, then, a tenth of a second
    /// later, a close with `SO_LINGER` {1, 0}: the client gets a reset (RST).
    case resetAfterHead(bodyBytes: Int)
    /// The head with the body's `Content-Length` and the first half of the body, then a
    /// plain close (FIN).
    case closeHalfWay
  }

  /// The sockets: the listening one until the accept loop ends, and each open
  /// connection's. Shut down and closed only under this lock, so `stop()` never touches
  /// a descriptor number the system has handed out again.
  private struct Sockets {
    var listening: Int32?
    var connections: Set<Int32> = []
    var running = true
  }

  let port: UInt16
  private let sockets: Locked<Sockets>
  private let received = Locked<[Request]>([])
  private let closedByClient = Locked(0)

  init(handler: @escaping @Sendable (Request) -> Response) throws {
    let (fd, port) = try Self.listeningSocket()
    self.port = port
    self.sockets = Locked(Sockets(listening: fd))
    let thread = Thread { [self] in acceptLoop(fd, handler) }
    thread.start()
  }

  var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  var requests: [Request] { received.withLock { $0 } }

  /// How many connections the client closed (or reset) before their answer was
  /// complete: a cancelled or timed-out transfer.
  var connectionsClosedByClient: Int { closedByClient.withLock { $0 } }

  /// How many connections are open: each has a thread serving it.
  var openConnections: Int { sockets.withLock { $0.connections.count } }

  /// Whether the accept loop still runs.
  var isListening: Bool { sockets.withLock { $0.listening != nil } }

  /// Waits until `condition` holds, at most `seconds` (scaled by ``TestTime``); returns
  /// whether it held.
  func wait(upTo seconds: Double, until condition: @Sendable (LoopbackHTTPServer) -> Bool)
    async -> Bool
  {
    let deadline = ContinuousClock.now + .seconds(TestTime.slack(seconds))
    while !condition(self) {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// Stops accepting and shuts every open connection down: each connection's thread
  /// sees its socket end and returns.
  func stop() {
    sockets.withLock { sockets in
      sockets.running = false
      if let listening = sockets.listening {
        shutdown(listening, Int32(SHUT_RDWR))
      }
      for connection in sockets.connections {
        shutdown(connection, Int32(SHUT_RDWR))
      }
    }
  }

  /// A port of 127.0.0.1 nobody listens on: bound, read and closed again.
  static func unusedPort() throws -> UInt16 {
    let (fd, port) = try listeningSocket()
    close(fd)
    return port
  }

  /// A socket listening on 127.0.0.1 and an ephemeral port, and that port.
  private static func listeningSocket() throws -> (Int32, UInt16) {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError(message: "socket failed") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw ServerError(message: "bind/listen failed")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  private func acceptLoop(_ listening: Int32, _ handler: @escaping @Sendable (Request) -> Response)
  {
    defer {
      sockets.withLock { sockets in
        sockets.listening = nil
        close(listening)
      }
    }
    while true {
      let client = accept(listening, nil, nil)
      guard client >= 0 else { return }
      let admitted = sockets.withLock { sockets -> Bool in
        guard sockets.running else { return false }
        sockets.connections.insert(client)
        return true
      }
      guard admitted else {
        close(client)
        return
      }
      let connection = Thread { [self] in serve(client, handler) }
      connection.start()
    }
  }

  private func serve(_ client: Int32, _ handler: @Sendable (Request) -> Response) {
    defer {
      sockets.withLock { sockets in
        sockets.connections.remove(client)
        close(client)
      }
    }
    guard let request = readRequest(client) else { return }
    received.withLock { $0.append(request) }
    let response = handler(request)
    let complete =
      !(response.delay > 0 && waitForClose(client, seconds: response.delay))
      && write(response, to: client)
    if !complete, sockets.withLock({ $0.running }) {
      closedByClient.withLock { $0 += 1 }
    }
  }

  /// Waits `seconds` while watching `client`; returns `true` as soon as the client
  /// closes or resets the connection, or the server stops. Bytes the client sends
  /// meanwhile are read and dropped.
  func waitForClose(_ client: Int32, seconds: TimeInterval) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var buffer = [UInt8](repeating: 0, count: 1_024)
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      let (whole, attoseconds) = left.components
      let milliseconds = min(
        100, Int32(clamping: whole * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
      var watched = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      let ready = poll(&watched, 1, milliseconds)
      if ready < 0 && errno != EINTR { return true }
      if ready > 0 {
        let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
      }
      if !sockets.withLock({ $0.running }) { return true }
    }
  }

  private func readRequest(_ client: Int32) -> Request? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    let separator = Data("\r\n\r\n".utf8)
    while data.range(of: separator) == nil {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
    guard let headerEnd = data.range(of: separator) else { return nil }
    let headText = String(decoding: data[..<headerEnd.lowerBound], as: UTF8.self)
    var lines = headText.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[headerEnd.upperBound...])
    let expected = Int(headers["content-length"] ?? "0") ?? 0
    while body.count < expected {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      body.append(contentsOf: buffer[0..<count])
    }
    return Request(
      method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
  }
}

struct ServerError: Error {
  let message: String
}
