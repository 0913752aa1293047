import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request as the backend reads it: the path split into segments, the body
/// decompressed and parsed once.
struct SandboxRequest: Sendable {
  let method: HTTPMethod
  /// The path as sent, percent-encoded.
  let path: String
  /// The path's segments, percent-decoded, without empty ones.
  let segments: [String]
  /// The query items, by name (the last value wins).
  let query: [String: String]
  let headers: HTTPHeaders
  /// The body, decompressed when it was sent with `Content-Encoding: gzip`.
  let body: Data
  /// Why the body could not be read, if it could not.
  let bodyProblem: String?
  /// The body as JSON, when it is JSON.
  let json: JSONValue?

  init(_ request: HTTPRequest) {
    method = request.method
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    path = components?.percentEncodedPath ?? request.url.path
    segments = path.split(separator: "/").map { PercentDecoding.decode($0) ?? String($0) }
    query = Dictionary(
      (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
      uniquingKeysWith: { _, last in last })
    headers = request.headers
    var body = request.body ?? Data()
    var problem: String?
    let encoding = request.headers["Content-Encoding"]?.lowercased() ?? ""
    if encoding.contains("gzip") {
      do {
        body = try Gzip.decompress(body, limit: 32 * 1_024 * 1_024)
      } catch {
        problem = "The body says Content-Encoding: gzip but is not valid gzip."
        body = Data()
      }
    }
    self.body = body
    self.bodyProblem = problem
    self.json = body.isEmpty ? nil : try? JSONValue(parsing: body)
  }

  /// The bearer token, if the request has one.
  var bearerToken: String? {
    guard let value = headers["Authorization"], value.lowercased().hasPrefix("bearer ") else {
      return nil
    }
    let token = value.dropFirst("bearer ".count).trimmingWhitespaces()
    return token.isEmpty ? nil : token
  }
}
