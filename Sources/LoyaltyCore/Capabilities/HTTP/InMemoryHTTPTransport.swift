/// A transport that answers from a closure, in process, and records every request.
///
/// Use it in tests and examples to script a backend:
///
/// ```swift
/// let transport = InMemoryHTTPTransport { request in
///   HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
/// }
/// ```
///
/// It is called directly, without a real-time timer around it (``keepsDeadlines``): a
/// handler that waits should honour the request's ``HTTPRequest/timeout`` and
/// cancellation itself.
public final class InMemoryHTTPTransport: HTTPTransport {
  /// Produces the response for a request.
  public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

  private let handler: Handler
  private let recorded = Locked<[HTTPRequest]>([])

  /// Creates a transport that answers with `handler`.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  /// `true`: an in-process handler is trusted to answer in time.
  public var keepsDeadlines: Bool { true }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    recorded.withLock { $0.append(request) }
    try Task.checkCancellation()
    return try await handler(request)
  }

  /// Every request sent so far, in order.
  public var requests: [HTTPRequest] { recorded.withLock { $0 } }
}
