public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Adds `Authorization` for bearer and basic endpoints, and handles a 401 once.
///
/// For a bearer call it takes the current token from the ``RefreshCoordinator`` (which
/// refreshes it first when it is about to expire). On a 401 it asks the coordinator for
/// a fresh token (a refresh, or the token another request already refreshed) and sends
/// the request once more; a second 401 is ``LoyaltyCore/LoyaltyError/Code/unauthorized``.
public struct AuthorizationMiddleware: HTTPMiddleware {
  private let coordinator: RefreshCoordinator

  /// Creates the middleware.
  public init(coordinator: RefreshCoordinator) {
    self.coordinator = coordinator
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    switch context.auth {
    case .standard:
      return try await next(request)
    case .basic(let username, let password):
      return try await next(Self.authorized(request, Self.basic(username, password)))
    case .bearer:
      // A valid token outside the refresh window is read without a hop to the
      // coordinator's actor, its `Authorization` value made once per pair; otherwise
      // the coordinator decides (and refreshes first when it must).
      var authorized: HTTPRequest
      let tokens: TokenPair
      if let snapshot = coordinator.tokensWithoutWaiting() {
        authorized = Self.authorized(request, snapshot.authorization)
        tokens = snapshot.pair
      } else {
        tokens = try await coordinator.currentTokens()
        authorized = Self.authorized(request, "Bearer \(tokens.accessToken)")
      }
      let response = try await next(authorized)
      guard response.status == 401 else { return response }

      let fresh = try await coordinator.refresh(replacing: tokens.accessToken)
      authorized = Self.authorized(authorized, "Bearer \(fresh.accessToken)")
      let retried = try await next(authorized)
      guard retried.status != 401 else {
        throw Self.refusedTwice(context.endpoint)
      }
      return retried
    }
  }

  /// `request` with `authorization`. Synchronous and apart, so that the asynchronous
  /// frames stay small.
  @inline(never)
  private static func authorized(_ request: HTTPRequest, _ authorization: String) -> HTTPRequest {
    var authorized = request
    authorized.headers.replaceOrAdd(name: "Authorization", value: authorization)
    return authorized
  }

  @inline(never)
  private static func basic(_ username: String, _ password: String) -> String {
    "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
  }

  @inline(never)
  private static func refusedTwice(_ endpoint: String) -> LoyaltyError {
    LoyaltyError(
      .unauthorized, "The server refused the session's token twice (\(endpoint)).",
      recoverySuggestion: "Log in again.", metadata: ["endpoint": endpoint])
  }
}
