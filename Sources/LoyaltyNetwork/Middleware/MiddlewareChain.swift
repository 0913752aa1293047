import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a request through middleware, outermost first, and then the transport.
///
/// A middleware that only changes the request on its way (the standard headers and the
/// signature) is applied in place, in a synchronous step, without an asynchronous frame
/// and a closure of its own: it behaves exactly as its `intercept`, which passes the
/// changed request on.
struct MiddlewareChain: Sendable {
  /// One middleware, and whether it only signs the request.
  private struct Stage: Sendable {
    let middleware: any HTTPMiddleware
    /// The standard headers, boxed: the chain's asynchronous frames stay small.
    let signer: Signer?
  }

  /// The standard headers middleware, held by reference.
  private final class Signer: Sendable {
    let headers: StandardHeadersMiddleware

    init(_ headers: StandardHeadersMiddleware) {
      self.headers = headers
    }
  }

  private let stages: [Stage]
  let transport: LimitedTransport
  private let clock: any LoyaltyClock

  init(middleware: [any HTTPMiddleware], transport: LimitedTransport, clock: any LoyaltyClock) {
    self.clock = clock
    stages = middleware.map { middleware in
      Stage(
        middleware: middleware,
        signer: (middleware as? StandardHeadersMiddleware).map(Signer.init))
    }
    self.transport = transport
  }

  func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
    try await run(request, context: context, from: 0)
  }

  private func run(_ request: HTTPRequest, context: RequestContext, from index: Int)
    async throws -> HTTPResponse
  {
    var request = request
    let index = try prepare(&request, from: index)
    guard index < stages.count else {
      try budget(&request, within: context.deadline)
      return try await transport.send(request)
    }
    return try await stages[index].middleware.intercept(request, context: context) { next in
      try await self.run(next, context: context, from: index + 1)
    }
  }

  /// Cuts the attempt's timeout to the time left before the call's deadline, so that no
  /// attempt (a retry, or the request sent again after a refresh) outlives the call;
  /// throws ``LoyaltyCore/LoyaltyError/Code/timedOut``, marked as never sent, when no
  /// time is left.
  @inline(never)
  private func budget(_ request: inout HTTPRequest, within deadline: Date) throws {
    let left = deadline.timeIntervalSince(clock.now)
    guard left > 0 else {
      throw LoyaltyError(
        .timedOut, "The call's deadline passed before the request was sent.",
        recoverySuggestion: "Raise network.resourceTimeout, or the endpoint's deadline.",
        metadata: ["host": request.url.host ?? "", LoyaltyError.requestSentKey: "false"])
    }
    if let timeout = request.timeout, timeout <= left { return }
    request.timeout = left
  }

  /// Applies the signing stages from `index` on, and returns the index of the next
  /// stage that intercepts (or the stage count). Synchronous, so that its temporaries
  /// stay out of the asynchronous frames.
  @inline(never)
  private func prepare(_ request: inout HTTPRequest, from index: Int) throws -> Int {
    var index = index
    while index < stages.count, let signer = stages[index].signer {
      request = try signer.headers.signed(request)
      index += 1
    }
    return index
  }
}
