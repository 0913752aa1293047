import LoyaltyCore
import LoyaltyNetwork

/// The network cut: every call fails as a device without a connection sees it.
struct OfflineTransport: HTTPTransport {
  /// Fails at once: no deadline to keep.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    throw TransportFailure.notConnected.error(host: request.url.host)
  }
}
