import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// Compresses the body of requests that declare `Content-Encoding: gzip`, as the
/// analytics pipeline will.
struct GzipBodyMiddleware: HTTPMiddleware {
  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    guard request.headers["Content-Encoding"]?.lowercased() == "gzip", let body = request.body
    else {
      return try await next(request)
    }
    var compressed = request
    compressed.body = try Gzip.compress(body)
    return try await next(compressed)
  }
}
