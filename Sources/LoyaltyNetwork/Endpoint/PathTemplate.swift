import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Fills a path template's placeholders and builds the request URL.
enum PathTemplate {
  /// The URL for `path` under `baseURL`, with `{name}` placeholders replaced by
  /// percent-encoded `values`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidURL`` for an unknown placeholder
  ///   or a path that does not make a URL.
  static func url(
    baseURL: URL, path: String, values: [String: String], query: [URLQueryItem]
  ) throws -> URL {
    var filled = ""
    var remainder = path[...]
    while let open = remainder.firstIndex(of: "{") {
      filled += remainder[..<open]
      guard let close = remainder[open...].firstIndex(of: "}") else {
        throw LoyaltyError(.invalidURL, "The path template \(path) has an unclosed placeholder.")
      }
      let name = String(remainder[remainder.index(after: open)..<close])
      guard let value = values[name] else {
        throw LoyaltyError(
          .invalidURL, "The path template \(path) needs a value for {\(name)}.",
          metadata: ["placeholder": name])
      }
      filled += PercentEncoding.encode(value, for: .pathSegment)
      remainder = remainder[remainder.index(after: close)...]
    }
    filled += remainder
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw LoyaltyError(.invalidURL, "The base URL is not valid.")
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = basePath + (filled.hasPrefix("/") ? filled : "/" + filled)
    if !query.isEmpty {
      components.queryItems = query
    }
    guard let url = components.url else {
      throw LoyaltyError(.invalidURL, "The path \(path) does not make a valid URL.")
    }
    return url
  }
}
