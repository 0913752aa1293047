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
      filled += percentEncoded(value)
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

  /// `value` with every byte of its UTF-8 but RFC 3986's unreserved characters (ASCII
  /// letters and digits, `-`, `.`, `_`, `~`) percent-encoded, so it stays one path
  /// segment. Foundation's `addingPercentEncoding` with `CharacterSet.alphanumerics` left
  /// non-ASCII letters as they were, which a URL may not hold, and cost a tenth of a
  /// request's SDK work on Linux.
  static func percentEncoded(_ value: String) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.append(byte)
      default:
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
