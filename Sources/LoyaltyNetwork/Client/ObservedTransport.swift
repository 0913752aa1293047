import LoyaltyCore

/// A transport that remembers whether its last call reached the server.
final class ObservedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let state = Locked(NetworkStatus.unknown)

  init(_ base: any HTTPTransport) {
    self.base = base
  }

  var status: NetworkStatus { state.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      let response = try await base.send(request)
      state.withLock { $0 = .reachable }
      return response
    } catch let error as LoyaltyError where error.code == .notConnected || error.code == .timedOut {
      state.withLock { $0 = .unreachable }
      throw error
    }
  }
}
