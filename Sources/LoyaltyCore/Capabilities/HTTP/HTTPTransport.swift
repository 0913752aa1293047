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
/// - be safe to call concurrently.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the server's response.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
