import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension NetworkClient {
  /// Makes one refresh call for `pair` through `chain` (without authorization handling
  /// or retries: the coordinator retries) and tells what it produced.
  static func refresh(
    _ pair: TokenPair, chain: MiddlewareChain, configuration: LoyaltyConfiguration,
    timeout: TimeInterval, clock: any LoyaltyClock
  ) async -> RefreshOutcome {
    let endpoint = AuthEndpoints.refresh(pair)
    do {
      var request = try Self.request(for: endpoint, configuration: configuration)
      request.timeout = timeout
      let context = RequestContext(
        endpoint: endpoint.name, auth: .standard, isIdempotent: true,
        deadline: clock.now.addingTimeInterval(timeout))
      let response = try await chain.send(request, context: context)
      // A 4xx refuses the refresh token, except a transient one (408, 429: "not now").
      if (400..<500).contains(response.status)
        && !LoyaltyError.isTransient(status: response.status)
      {
        return .rejected(statusError(response, endpoint: endpoint.name))
      }
      var fresh = try decode(response, for: endpoint)
      fresh.clientID = fresh.clientID ?? pair.clientID
      fresh.clientSecret = fresh.clientSecret ?? pair.clientSecret
      if fresh.refreshToken.isEmpty {
        fresh.refreshToken = pair.refreshToken
      }
      return .refreshed(fresh)
    } catch let error as LoyaltyError {
      switch error.code {
      case .serverStatus, .missingField:
        // The server answered but would not give new tokens.
        return .rejected(error)
      default:
        return .transient(error)
      }
    } catch {
      return .transient(
        LoyaltyError(.transportFailed, "The refresh call failed.", underlying: error))
    }
  }
}
