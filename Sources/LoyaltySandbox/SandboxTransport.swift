public import LoyaltyCore
import LoyaltyNetwork

/// The in-process transport over a ``SandboxBackend``: no socket, no server, the same
/// answers the emulator gives over HTTP.
///
/// ```swift
/// let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [NetworkModule()],
///   overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
/// ```
///
/// It keeps the transport contract: every status is a response; a dropped connection
/// (an injected fault) throws ``LoyaltyCore/LoyaltyError/Code/notConnected`` when the
/// request never reached the backend, ``LoyaltyCore/LoyaltyError/Code/connectionLost``
/// when it was handled and the answer was lost; gzip answers come back decompressed; a
/// cancelled task throws ``LoyaltyCore/LoyaltyError/Code/cancelled``. Gzip request bodies
/// (`Content-Encoding: gzip`) are decompressed by the backend.
public struct SandboxTransport: HTTPTransport {
  /// The backend requests go to.
  public let backend: SandboxBackend

  /// Creates a transport over `backend`.
  public init(_ backend: SandboxBackend) {
    self.backend = backend
  }

  /// In process, on the sandbox's own clock: its injected latency ends at the request's
  /// timeout (``SandboxBackend/respond(to:)``), so the client calls it directly rather
  /// than racing it against a real-time timer that a test clock would not move.
  public var keepsDeadlines: Bool { true }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard !Task.isCancelled else {
      throw LoyaltyError(.cancelled, "The request was cancelled.")
    }
    var response = try await backend.respond(to: request)
    if response.headers["Content-Encoding"]?.lowercased() == "gzip" {
      response.body = try Gzip.decompress(response.body)
      response.headers.remove(name: "Content-Encoding")
    }
    guard !Task.isCancelled else {
      throw LoyaltyError(.cancelled, "The request was cancelled.")
    }
    return response
  }
}
