import LoyaltyCore

/// A transport that refuses a response whose body is larger than a ``ResponseSizeLimit``,
/// whatever transport the host brought and whatever the body's encoding.
final class SizeLimitedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let limit: ResponseSizeLimit

  init(_ base: any HTTPTransport, limit: ResponseSizeLimit) {
    self.base = base
    self.limit = limit
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await base.send(request)
    try limit.check(response.body.count, host: request.url.host)
    return response
  }
}
