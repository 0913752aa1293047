import Foundation
import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Musl)
  private let streamSocket = SOCK_STREAM
  private let noSignal = Int32(MSG_NOSIGNAL)
#else
  private let streamSocket = SOCK_STREAM
  // Darwin has no MSG_NOSIGNAL: each socket is set SO_NOSIGPIPE instead.
  private let noSignal: Int32 = 0
#endif

/// The socket calls of ``LoopbackHTTPServer``: binding, reading a request, writing bytes
/// and watching a connection while waiting.
extension LoopbackHTTPServer {
  /// A socket listening on 127.0.0.1 and an ephemeral port, and that port.
  static func listeningSocket() throws -> (Int32, UInt16) {
    let fd = socket(AF_INET, streamSocket, 0)
    guard fd >= 0 else { throw failure("socket", errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw failure("bind or listen", code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(fd)
      throw failure("getsockname", code)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// Keeps a write to a connection the client closed from raising SIGPIPE, where the
  /// platform needs a socket option for it.
  static func preventSIGPIPE(_ fd: Int32) {
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func failure(_ call: String, _ code: Int32) -> LoyaltyError {
    LoyaltyError(
      .transportFailed, "The loopback server could not listen: \(call) failed.",
      metadata: ["errno": String(code)])
  }

  /// Sends all of `bytes`; `false` when the connection is gone. Never raises SIGPIPE.
  func transmit(_ bytes: Data, to client: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = send(client, base + offset, buffer.count - offset, noSignal)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
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
      if !isRunning { return true }
    }
  }

  /// Reads one request: its head, and as many body bytes as its `Content-Length` says.
  /// `nil` when the connection ends before the head does.
  func readRequest(_ client: Int32) -> Request? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    let separator = Data("\r\n\r\n".utf8)
    while data.range(of: separator) == nil {
      let count = recv(client, &buffer, buffer.count, 0)
      if count < 0 && errno == EINTR { continue }
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
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      body.append(contentsOf: buffer[0..<count])
    }
    return Request(
      method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
  }
}
