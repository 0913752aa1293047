import LoyaltyCore

/// A transport that remembers whether its last call reached the server, and then
/// refuses a response whose body is larger than its ``ResponseSizeLimit``, if it has one
/// (a body over the limit still came from a reachable server). Both in one layer: one
/// asynchronous frame less per request than a separate size-checking layer around it.
final class ObservedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let limit: ResponseSizeLimit?
  private let state = Locked(NetworkStatus.unknown)

  init(_ base: any HTTPTransport, limit: ResponseSizeLimit? = nil) {
    self.base = base
    self.limit = limit
  }

  var status: NetworkStatus { state.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      let response = try await base.send(request)
      state.withLock { $0 = .reachable }
      try limit?.check(response.body.count, host: request.url.host)
      return response
    } catch let error as LoyaltyError where error.code == .notConnected || error.code == .timedOut {
      state.withLock { $0 = .unreachable }
      throw error
    }
  }
}
