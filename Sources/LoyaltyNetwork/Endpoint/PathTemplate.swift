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
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidURL`` for an unknown placeholder,
  ///   a template with a character a URL path cannot hold (a space, `?`, `#`, a `%` not
  ///   followed by two hexadecimal digits...), or a path that does not make a URL.
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
    // URLComponents traps on a path with a character a path may not hold; the template's
    // own text is the caller's, so it is checked here (filled values are encoded).
    guard isValidPath(filled) else {
      throw LoyaltyError(
        .invalidURL,
        "The path template \(path) has a character a URL path cannot hold; "
          + "percent-encode it.")
    }
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

  /// Whether `path` holds only what RFC 3986 allows in a path: unreserved characters,
  /// sub-delimiters, `:`, `@`, `/`, and `%` followed by two hexadecimal digits.
  static func isValidPath(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
        else { return false }
        index += 3
        continue
      }
      guard allowedInPath.contains(byte) else { return false }
      index += 1
    }
    return true
  }

  private static let allowedInPath = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }
}
