/// Sends HTTP requests: the one capability that touches the network.
///
/// Middleware (auth, retry, logging, limits) lives above the transport; a transport
/// only sends one request and returns one response.
///
/// Every conforming type must:
/// - return a response for every HTTP status, including 4xx and 5xx, rather than throw;
/// - throw a ``LoyaltyError`` with a network code (``LoyaltyError/Code/timedOut``,
///   ``LoyaltyError/Code/notConnected``, ``LoyaltyError/Code/transportFailed``,
///   ``LoyaltyError/Code/cancelled``) when no response arrives;
/// - return the body decompressed when the server sent it compressed;
/// - stop promptly and throw when the calling task is cancelled;
/// - be safe to call concurrently;
/// - tell apart, when no response arrives, "nothing was sent"
///   (``LoyaltyError/Code/notConnected``: a refused connection, a failed DNS lookup, no
///   network) from "the request may have reached the server"
///   (``LoyaltyError/Code/connectionLost``, ``LoyaltyError/Code/timedOut``,
///   ``LoyaltyError/Code/transportFailed``): only the first kind is sent again for a call
///   that is not idempotent.
///
/// The client keeps every request's deadline itself: it races each call against the
/// request's ``HTTPRequest/timeout`` and answers ``LoyaltyError/Code/timedOut`` on time,
/// cancelling the call's task, whatever the transport does. A transport that ends every
/// call by its request's timeout and stops at once when cancelled (one answering in
/// process, say) may say so with ``keepsDeadlines``, and is then called directly.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the server's response.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse

  /// Whether the transport itself ends every call by the request's
  /// ``HTTPRequest/timeout`` and stops at once when the calling task is cancelled, so the
  /// client need not race it against a timer. `false` unless a transport says otherwise.
  var keepsDeadlines: Bool { get }
}

extension HTTPTransport {
  /// `false`: the client keeps this transport's deadlines.
  public var keepsDeadlines: Bool { false }
}
