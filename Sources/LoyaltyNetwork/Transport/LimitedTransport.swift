public import LoyaltyCore

/// A transport that lets at most `limit` calls through to another transport at once.
///
/// The limit holds only around the transport call itself, so a request waiting for a
/// token refresh holds no slot and the refresh can always get one.
public final class LimitedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let limiter: ConcurrencyLimiter

  /// Wraps `base` with a limit of `limit` calls in flight.
  public init(_ base: any HTTPTransport, limit: Int) {
    self.base = base
    self.limiter = ConcurrencyLimiter(limit: limit)
  }

  /// The most calls that have been in flight at once.
  public var maximumInFlight: Int { limiter.maximumInFlight }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    // The permit is taken and given back here rather than around a closure: one
    // asynchronous frame less per request.
    try await limiter.acquire()
    defer { limiter.release() }
    return try await base.send(request)
  }
}
