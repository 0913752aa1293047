import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// A body as a person reads it: decompressed, decoded by its kind (JSON pretty-printed,
/// a form's fields one per line, a multipart body part by part) and masked as the SDK's
/// logs mask text (``LoyaltyCore/SecretMasker``).
struct BodyPreview: Sendable {
  /// `empty`, `json`, `form`, `multipart`, `text` or `binary`.
  let kind: String
  /// `gzip` when the body crossed the wire compressed.
  let encoding: String?
  /// The decoded, masked text.
  let text: String

  /// The largest body decompressed for showing.
  static let decompressionLimit = 8 * 1_024 * 1_024

  init(_ data: Data, headers: [(name: String, value: String)]) {
    let compressed = Self.isGzip(data, headers: headers)
    let body = Self.decompressed(data, headers: headers)
    encoding = compressed ? "gzip" : nil
    let contentType = Self.header("Content-Type", in: headers)?.lowercased() ?? ""
    if body.isEmpty {
      (kind, text) = ("empty", "")
    } else if let pretty = Self.prettyJSON(body) {
      (kind, text) = ("json", SecretMasker.standard.mask(pretty))
    } else if contentType.hasPrefix("application/x-www-form-urlencoded"),
      let form = String(data: body, encoding: .utf8)
    {
      (kind, text) = ("form", SecretMasker.standard.mask(Self.formLines(form)))
    } else if contentType.hasPrefix("multipart/"), let boundary = Self.boundary(contentType) {
      (kind, text) = ("multipart", SecretMasker.standard.mask(Self.parts(body, boundary)))
    } else if let string = String(data: body, encoding: .utf8) {
      (kind, text) = ("text", SecretMasker.standard.mask(string))
    } else {
      (kind, text) = ("binary", "\(body.count) bytes, not text")
    }
  }

  /// The preview as the console's API sends it.
  var json: JSONValue {
    [
      "kind": .string(kind), "encoding": encoding.map { .string($0) } ?? .null,
      "text": .string(text),
    ]
  }

  /// The body decompressed when it is gzip (by its header or its magic bytes), else as
  /// it is; a body that does not decompress is kept as it is.
  static func decompressed(_ data: Data, headers: [(name: String, value: String)]) -> Data {
    guard isGzip(data, headers: headers) else { return data }
    return (try? Gzip.decompress(data, limit: decompressionLimit)) ?? data
  }

  private static func isGzip(_ data: Data, headers: [(name: String, value: String)]) -> Bool {
    header("Content-Encoding", in: headers)?.lowercased() == "gzip" || Gzip.isCompressed(data)
  }

  static func header(_ name: String, in headers: [(name: String, value: String)]) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  private static func prettyJSON(_ data: Data) -> String? {
    guard let first = data.first(where: { !" \n\r\t".utf8.contains($0) }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    else { return nil }
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
      let pretty = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return String(decoding: pretty, as: UTF8.self)
  }

  /// `name = value`, one field per line, percent-decoded.
  private static func formLines(_ form: String) -> String {
    form.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
      }
      return parts.count == 2 ? "\(parts[0]) = \(parts[1])" : parts.first ?? ""
    }.joined(separator: "\n")
  }

  private static func boundary(_ contentType: String) -> String? {
    guard let range = contentType.range(of: "boundary=") else { return nil }
    let value = contentType[range.upperBound...].split(separator: ";").first ?? ""
    let boundary = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    return boundary.isEmpty ? nil : boundary
  }

  /// Each part's headers, then its body as text (or its size when it is not text).
  private static func parts(_ body: Data, _ boundary: String) -> String {
    let text = String(decoding: body, as: UTF8.self)
    let pieces = text.components(separatedBy: "--" + boundary).dropFirst()
    var lines: [String] = []
    for (index, piece) in pieces.enumerated() {
      guard !piece.hasPrefix("--") else { break }
      let split = piece.components(separatedBy: "\r\n\r\n")
      let head = split.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      let content = split.dropFirst().joined(separator: "\r\n\r\n")
        .trimmingCharacters(in: .newlines)
      lines.append("part \(index + 1): \(head.replacingOccurrences(of: "\r\n", with: "; "))")
      lines.append(
        content.contains("\u{FFFD}") ? "  \(content.utf8.count) bytes, not text" : content)
    }
    return lines.joined(separator: "\n")
  }
}
