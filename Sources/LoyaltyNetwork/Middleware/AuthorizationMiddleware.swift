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
      var authorized = request
      let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
      authorized.headers.replaceOrAdd(name: "Authorization", value: "Basic \(credentials)")
      return try await next(authorized)
    case .bearer:
      let tokens = try await coordinator.currentTokens()
      var authorized = request
      authorized.headers.replaceOrAdd(
        name: "Authorization", value: "Bearer \(tokens.accessToken)")
      let response = try await next(authorized)
      guard response.status == 401 else { return response }

      let fresh = try await coordinator.refresh(replacing: tokens.accessToken)
      authorized.headers.replaceOrAdd(name: "Authorization", value: "Bearer \(fresh.accessToken)")
      let retried = try await next(authorized)
      guard retried.status != 401 else {
        throw LoyaltyError(
          .unauthorized, "The server refused the session's token twice (\(context.endpoint)).",
          recoverySuggestion: "Log in again.", metadata: ["endpoint": context.endpoint])
      }
      return retried
    }
  }
}
