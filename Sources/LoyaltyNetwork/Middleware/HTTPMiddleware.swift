public import LoyaltyCore

/// A step every request passes through on its way to the transport: headers, auth,
/// retries, logging, or a host's own.
///
/// A middleware calls `next` zero or more times (a retry calls it again with the same
/// request, which is a value and so replayable) and returns a response or throws.
///
/// Every conforming type must be safe to call concurrently and must not log secrets
/// except through a ``LoyaltyCore/LoyaltyLogger`` (which masks them).
public protocol HTTPMiddleware: Sendable {
  /// Handles `request`, passing it on with `next`.
  func intercept(
    _ request: HTTPRequest,
    context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse
}
