import Foundation
import Hummingbird
import Logging
public import LoyaltySandbox
import NIOCore
import ServiceLifecycle
import Synchronization

/// The sandbox served over real HTTP, on 127.0.0.1 only.
///
/// ```swift
/// let server = EmulatorServer(backend: SandboxBackend())
/// let port = try await server.start(port: 0)  // an ephemeral port
/// // ... point a client at http://127.0.0.1:\(port)
/// await server.stop()
/// ```
public final class EmulatorServer: Sendable {
  /// The host every server binds: loopback, never another interface.
  public static let host = "127.0.0.1"

  /// The backend answering the requests.
  public let backend: SandboxBackend
  /// The web console, when the server has one (``EmulatorConsole``).
  public let console: EmulatorConsole?
  private let log: (@Sendable (RequestLogLine) -> Void)?
  private let running = Mutex<Running?>(nil)

  /// A server started with ``start(port:)``: its service group and the task running it.
  private struct Running: Sendable {
    let group: ServiceGroup
    let task: Task<Void, Never>
  }

  /// Creates a server.
  /// - Parameters:
  ///   - backend: The sandbox to serve.
  ///   - console: The web console to serve under `/_emulator/`, if any.
  ///   - log: Receives a line per request, if given.
  public init(
    backend: SandboxBackend, console: EmulatorConsole? = nil,
    log: (@Sendable (RequestLogLine) -> Void)? = nil
  ) {
    self.backend = backend
    self.console = console
    self.log = log
  }

  /// Starts serving in the background.
  /// - Parameter port: The port; 0 picks a free one.
  /// - Returns: The port bound.
  /// - Throws: ``EmulatorError`` when the server cannot bind or is already running.
  public func start(port: Int = 0) async throws -> Int {
    let (events, continuation) = AsyncStream<Result<Int, EmulatorError>>.makeStream()
    let application = makeApplication(port: port) { bound in
      continuation.yield(.success(bound))
    }
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [application], gracefulShutdownSignals: [], logger: Self.logger))
    let task = Task {
      do {
        try await group.run()
      } catch {
        continuation.yield(.failure(EmulatorError("The server stopped: \(error)")))
      }
      continuation.finish()
    }
    let started = running.withLock { current -> Bool in
      guard current == nil else { return false }
      current = Running(group: group, task: task)
      return true
    }
    guard started else {
      task.cancel()
      throw EmulatorError("The server is already running.")
    }
    for await event in events {
      switch event {
      case .success(let bound):
        return bound
      case .failure(let error):
        running.withLock { $0 = nil }
        throw error
      }
    }
    running.withLock { $0 = nil }
    throw EmulatorError("The server stopped before it started listening.")
  }

  /// Stops serving: new connections are refused at once, open ones are closed once
  /// their request is answered (or cut after 5 s); it returns when the socket is closed.
  public func stop() async {
    guard
      let server = running.withLock({ current -> Running? in
        defer { current = nil }
        return current
      })
    else { return }
    await server.group.triggerGracefulShutdown()
    let deadline = Task {
      try await Task.sleep(for: .seconds(5))
      server.task.cancel()
    }
    await server.task.value
    deadline.cancel()
  }

  /// Serves until the process gets SIGINT or SIGTERM.
  /// - Parameters:
  ///   - port: The port; 0 picks a free one.
  ///   - started: Called with the port once the server listens.
  public func run(port: Int, started: @escaping @Sendable (Int) -> Void) async throws {
    try await makeApplication(port: port, started: started).runService()
  }

  private func makeApplication(port: Int, started: @escaping @Sendable (Int) -> Void)
    -> some ApplicationProtocol
  {
    Application(
      responder: EmulatorResponder(backend: backend, log: log, console: console),
      configuration: ApplicationConfiguration(
        address: .hostname(Self.host, port: port), serverName: "loyalty-emulator"),
      onServerRunning: { channel in
        started(channel.localAddress?.port ?? port)
      },
      logger: Self.logger)
  }

  private static var logger: Logger {
    var logger = Logger(label: "loyalty-emulator")
    logger.logLevel = .warning
    return logger
  }
}
