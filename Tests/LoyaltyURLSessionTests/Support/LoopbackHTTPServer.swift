import Foundation
import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for transport tests.
///
/// Each connection carries one request; the handler's answer is written and the
/// connection closed. Only loopback is ever bound.
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
    var delay: TimeInterval = 0
  }

  let port: UInt16
  private let socket: Int32
  private let received = Locked<[Request]>([])
  private let running = Locked(true)

  init(handler: @escaping @Sendable (Request) -> Response) throws {
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
    self.socket = fd
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop(handler) }
    thread.start()
  }

  var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  var requests: [Request] { received.withLock { $0 } }

  func stop() {
    running.withLock { $0 = false }
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  private func acceptLoop(_ handler: @escaping @Sendable (Request) -> Response) {
    while running.withLock({ $0 }) {
      let client = accept(socket, nil, nil)
      guard client >= 0 else { return }
      let connection = Thread { [self] in serve(client, handler) }
      connection.start()
    }
  }

  private func serve(_ client: Int32, _ handler: @Sendable (Request) -> Response) {
    defer { close(client) }
    guard let request = readRequest(client) else { return }
    received.withLock { $0.append(request) }
    let response = handler(request)
    if response.delay > 0 {
      Thread.sleep(forTimeInterval: response.delay)
    }
    var head = "HTTP/1.1 \(response.status) Status\r\n"
    var headers = response.headers
    headers.append(("Content-Length", String(response.body.count)))
    headers.append(("Connection", "close"))
    for (name, value) in headers {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    var bytes = Data(head.utf8)
    bytes.append(response.body)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = send(client, base + offset, buffer.count - offset, 0)
        if written <= 0 { return }
        offset += written
      }
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
