import LoyaltyCore

/// Runs a request through middleware, outermost first, and then the transport.
struct MiddlewareChain: Sendable {
  let middleware: [any HTTPMiddleware]
  let transport: any HTTPTransport

  func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
    try await run(request, context: context, from: 0)
  }

  private func run(_ request: HTTPRequest, context: RequestContext, from index: Int)
    async throws -> HTTPResponse
  {
    guard index < middleware.count else {
      return try await transport.send(request)
    }
    return try await middleware[index].intercept(request, context: context) { next in
      try await self.run(next, context: context, from: index + 1)
    }
  }
}
