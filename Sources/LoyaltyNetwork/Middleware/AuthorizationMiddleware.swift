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
/// A wait for a refresh ends with the call's deadline
/// (``LoyaltyCore/LoyaltyError/Code/timedOut``, the request not sent), while the shared
/// refresh goes on for the other callers. A caller with (within a second) as much time
/// left as the refresh's budget waits without a timer of its own: the refresh ends in
/// time for it, and a storm of callers pays for no timer each.
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
        let coordinator = coordinator
        tokens = try await Self.waiting(until: context.deadline, for: coordinator) {
          try await coordinator.currentTokens()
        }
        authorized = Self.authorized(request, "Bearer \(tokens.accessToken)")
      }
      let response = try await next(authorized)
      guard response.status == 401 else { return response }

      let coordinator = coordinator
      let stale = tokens.accessToken
      let fresh = try await Self.waiting(until: context.deadline, for: coordinator) {
        try await coordinator.refresh(replacing: stale)
      }
      authorized = Self.authorized(authorized, "Bearer \(fresh.accessToken)")
      let retried = try await next(authorized)
      guard retried.status != 401 else {
        throw Self.refusedTwice(context.endpoint)
      }
      return retried
    }
  }

  /// Waits for `tokens` until `deadline` at most: a refresh that takes longer goes on
  /// for the other callers, and this one fails on time.
  private static func waiting(
    until deadline: Date, for coordinator: RefreshCoordinator,
    _ tokens: @escaping @Sendable () async throws -> TokenPair
  ) async throws -> TokenPair {
    let left = deadline.timeIntervalSince(coordinator.clock.now)
    if let budget = coordinator.refreshBudget, left + 1 >= budget {
      return try await tokens()
    }
    return try await withDeadline(left, error: refreshWaitTimedOut(after: left), operation: tokens)
  }

  @inline(never)
  private static func refreshWaitTimedOut(after seconds: TimeInterval) -> LoyaltyError {
    LoyaltyError(
      .timedOut,
      "The call's deadline passed while it waited for the session's refresh; it was not sent.",
      recoverySuggestion: "Check the connection; the refresh goes on in the background.",
      metadata: [LoyaltyError.requestSentKey: "false"])
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
