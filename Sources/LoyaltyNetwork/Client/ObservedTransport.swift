import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The layer every transport call of a client goes through:
/// - it keeps the request's deadline: unless the transport says it keeps deadlines
///   itself, the call races its ``LoyaltyCore/HTTPRequest/timeout`` on the monotonic
///   clock and ends in ``LoyaltyCore/LoyaltyError/Code/timedOut`` on time, the
///   transport's task cancelled, whether or not the transport stops;
/// - it remembers whether the last call reached the server;
/// - it gives the `Date` header of every answer to the ``ServerClock``;
/// - it refuses a response whose body is larger than its ``ResponseSizeLimit``, if it has
///   one (a body over the limit still came from a reachable server).
///
/// All in one layer: one asynchronous frame per request rather than one per concern.
final class ObservedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let limit: ResponseSizeLimit?
  private let serverClock: ServerClock?
  private let defaultTimeout: TimeInterval
  private let guardsDeadlines: Bool
  private let state = Locked(NetworkStatus.unknown)

  /// - Parameters:
  ///   - base: The transport.
  ///   - limit: The largest body accepted, if any.
  ///   - serverClock: The clock the answers' `Date` headers go to, if any.
  ///   - defaultTimeout: The deadline of a request that sets none.
  init(
    _ base: any HTTPTransport, limit: ResponseSizeLimit? = nil, serverClock: ServerClock? = nil,
    defaultTimeout: TimeInterval = 30
  ) {
    self.base = base
    self.limit = limit
    self.serverClock = serverClock
    self.defaultTimeout = defaultTimeout
    self.guardsDeadlines = !base.keepsDeadlines
  }

  var status: NetworkStatus { state.withLock { $0 } }

  /// The deadlines are kept here.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let sentAt = serverClock?.monotonicTime
    do {
      let response = try await guardsDeadlines ? guarded(request) : base.send(request)
      state.withLock { $0 = .reachable }
      if let serverClock, let sentAt, let date = response.headers["Date"] {
        serverClock.record(
          dateHeader: date, sentAt: sentAt, receivedAt: serverClock.monotonicTime)
      }
      try limit?.check(response.body.count, host: request.url.host)
      return response
    } catch let error as LoyaltyError where error.code == .notConnected || error.code == .timedOut {
      state.withLock { $0 = .unreachable }
      throw error
    }
  }

  /// The call raced against its deadline.
  private func guarded(_ request: HTTPRequest) async throws -> HTTPResponse {
    let timeout = request.timeout ?? defaultTimeout
    let base = base
    do {
      return try await withDeadline(timeout, error: Self.timedOut(request, after: timeout)) {
        try await base.send(request)
      }
    } catch is CancellationError {
      throw LoyaltyError(
        .cancelled, "The request was cancelled.", metadata: ["host": request.url.host ?? ""])
    }
  }

  private static func timedOut(_ request: HTTPRequest, after seconds: TimeInterval)
    -> LoyaltyError
  {
    LoyaltyError(
      .timedOut, "The request timed out after " + String(cFormat: "%.1f", seconds) + " s.",
      recoverySuggestion: "Check the connection, or raise network.requestTimeout.",
      metadata: ["host": request.url.host ?? ""])
  }
}
