public import Foundation
import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for transport tests.
///
/// Each connection carries one request; the handler's answer is written as its
/// ``Response/behaviour`` says (whole, dripped, close-delimited, cut by a reset or a
/// close) and the connection closed. Only loopback is ever bound.
///
/// No thread outlives its work: a connection's thread ends when its answer is written,
/// when the client closes the connection, or when ``stop()`` shuts every socket down;
/// no thread sleeps without watching its socket.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in .json(200, #"{"status":"1"}"#) }
/// defer { server.stop() }
/// let response = try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
/// ```
public final class LoopbackHTTPServer: Sendable {
  /// The sockets: the listening one until the accept loop ends, and each open
  /// connection's. Shut down and closed only under this lock, so `stop()` never touches
  /// a descriptor number the system has handed out again.
  private struct Sockets {
    var listening: Int32?
    var connections: Set<Int32> = []
    var running = true
  }

  /// The port of 127.0.0.1 the server listens on.
  public let port: UInt16
  private let sockets: Locked<Sockets>
  private let received = Locked<[Request]>([])
  private let closedByClient = Locked(0)

  /// Starts a server on 127.0.0.1 and an ephemeral port; `handler` answers each request,
  /// on the connection's own thread.
  /// - Parameter handler: The answer to a request; it may be called concurrently.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/transportFailed`` when no socket can be
  ///   bound.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    let (fd, port) = try Self.listeningSocket()
    self.port = port
    self.sockets = Locked(Sockets(listening: fd))
    let thread = Thread { [self] in acceptLoop(fd, handler) }
    thread.start()
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// The URL of `path` on this server: `url("/gzip")` is `http://127.0.0.1:<port>/gzip`.
  /// - Parameter path: A path, with or without its leading slash; it may hold a query.
  public func url(_ path: String) -> URL {
    let path = path.hasPrefix("/") ? path : "/" + path
    return URL(string: "http://127.0.0.1:\(port)\(path)") ?? baseURL
  }

  /// Every request read so far, in the order they were read.
  public var requests: [Request] { received.withLock { $0 } }

  /// How many connections the client closed (or reset) before their answer was
  /// complete: a cancelled or timed-out transfer.
  public var connectionsClosedByClient: Int { closedByClient.withLock { $0 } }

  /// How many connections are open: each has a thread serving it.
  public var openConnections: Int { sockets.withLock { $0.connections.count } }

  /// Whether the accept loop still runs.
  public var isListening: Bool { sockets.withLock { $0.listening != nil } }

  /// Waits until `condition` holds, at most `seconds`; returns whether it held.
  /// - Parameters:
  ///   - seconds: The longest wait; a caller on a loaded machine passes a generous one.
  ///   - condition: Checked every 10 ms against this server.
  public func wait(
    upTo seconds: Double, until condition: @Sendable (LoopbackHTTPServer) -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition(self) {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// Stops accepting and shuts every open connection down: each connection's thread
  /// sees its socket end and returns. Calling it again does nothing.
  public func stop() {
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

  /// A port of 127.0.0.1 nobody listens on: bound, read and closed again. A connection
  /// to it is refused (unless another socket takes the port in between).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/transportFailed`` when no socket can be
  ///   bound.
  public static func unusedPort() throws -> UInt16 {
    let (fd, port) = try listeningSocket()
    close(fd)
    return port
  }

  private func acceptLoop(
    _ listening: Int32, _ handler: @escaping @Sendable (Request) -> Response
  ) {
    defer {
      sockets.withLock { sockets in
        sockets.listening = nil
        close(listening)
      }
    }
    while true {
      let client = accept(listening, nil, nil)
      guard client >= 0 else {
        if errno == EINTR || errno == ECONNABORTED, sockets.withLock({ $0.running }) {
          continue
        }
        return
      }
      Self.preventSIGPIPE(client)
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
    if !complete, isRunning {
      closedByClient.withLock { $0 += 1 }
    }
  }

  /// Whether ``stop()`` has not been called yet.
  var isRunning: Bool { sockets.withLock { $0.running } }
}
