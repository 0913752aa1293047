public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A transport that lets at most `limit` calls through to another transport at once.
///
/// The limit holds only around the transport call itself, so a request waiting for a
/// token refresh holds no slot and the refresh can always get one. A request waits for a
/// slot at most its ``LoyaltyCore/HTTPRequest/timeout`` (then fails with
/// ``LoyaltyCore/LoyaltyError/Code/timedOut``, marked as never sent), and the time it
/// waited is taken from the timeout the transport gets.
public final class LimitedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let limiter: ConcurrencyLimiter
  private let defaultTimeout: TimeInterval

  /// Wraps `base` with a limit of `limit` calls in flight.
  /// - Parameters:
  ///   - base: The transport.
  ///   - limit: The most calls in flight at once.
  ///   - defaultTimeout: How long a request that sets no timeout may wait for a slot.
  public init(_ base: any HTTPTransport, limit: Int, defaultTimeout: TimeInterval = 30) {
    self.base = base
    self.limiter = ConcurrencyLimiter(limit: limit)
    self.defaultTimeout = defaultTimeout
  }

  /// Whether the wrapped transport keeps deadlines.
  public var keepsDeadlines: Bool { base.keepsDeadlines }

  /// The most calls that have been in flight at once.
  public var maximumInFlight: Int { limiter.maximumInFlight }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    // The permit is taken and given back here rather than around a closure: one
    // asynchronous frame less per request.
    let timeout = request.timeout ?? defaultTimeout
    let waited = try await limiter.acquire(
      timeout: timeout, timeoutError: Self.queueTimedOut(request, after: timeout))
    defer { limiter.release() }
    guard waited > 0 else { return try await base.send(request) }
    var rest = request
    rest.timeout = max(0.001, timeout - waited)
    return try await base.send(rest)
  }

  private static func queueTimedOut(_ request: HTTPRequest, after seconds: TimeInterval)
    -> LoyaltyError
  {
    LoyaltyError(
      .timedOut,
      "The request waited " + String(cFormat: "%.1f", seconds)
        + " s for one of the client's connection slots and was not sent.",
      recoverySuggestion: "Send fewer calls at once, or raise network.maxConcurrentRequests.",
      metadata: ["host": request.url.host ?? "", LoyaltyError.requestSentKey: "false"])
  }
}
