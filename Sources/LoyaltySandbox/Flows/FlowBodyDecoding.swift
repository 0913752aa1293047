import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the flow calls' bodies as the server does: `application/x-www-form-urlencoded`
/// fields, or `multipart/form-data` parts (text parts as strings, file parts as
/// `{"filename", "contentType", "byteCount"}`).
enum FlowBodyDecoding {
  /// The fields of `request`'s body; `nil` when it cannot be read.
  static func fields(_ request: SandboxRequest) -> [String: JSONValue]? {
    let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
    if contentType.hasPrefix("multipart/form-data") {
      return multipart(request.body, contentType: request.headers["Content-Type"] ?? "")
    }
    if request.body.isEmpty {
      return [:]
    }
    return form(String(decoding: request.body, as: UTF8.self))
  }

  static func form(_ text: String) -> [String: JSONValue]? {
    var fields: [String: JSONValue] = [:]
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let plus = { (raw: Substring) in raw.replacing("+", with: " ") }
      guard let name = PercentDecoding.decode(plus(parts[0])) else { return nil }
      let value = parts.count > 1 ? PercentDecoding.decode(plus(parts[1])) : ""
      guard let value else { return nil }
      fields[name] = .string(value)
    }
    return fields
  }

  static func multipart(_ body: Data, contentType: String) -> [String: JSONValue]? {
    guard let range = contentType.firstRange(of: "boundary=") else { return nil }
    let boundary = contentType[range.upperBound...].filter { $0 != "\"" }
    guard !boundary.isEmpty else { return nil }
    let bytes = Array(body)
    let delimiter = Array("--\(boundary)".utf8)
    var fields: [String: JSONValue] = [:]
    var starts: [Int] = []
    var index = 0
    while let found = find(delimiter, in: bytes, from: index) {
      starts.append(found)
      index = found + delimiter.count
    }
    guard starts.count >= 2 else { return nil }
    for (start, end) in zip(starts, starts.dropFirst()) {
      var partStart = start + delimiter.count
      guard partStart + 2 <= end, bytes[partStart] == 13, bytes[partStart + 1] == 10 else {
        return nil
      }
      partStart += 2
      // The part ends with CRLF before the next delimiter.
      let partEnd = end - 2
      guard partEnd >= partStart,
        let split = find(Array("\r\n\r\n".utf8), in: bytes, from: partStart), split <= partEnd
      else { return nil }
      let head = String(decoding: bytes[partStart..<split], as: UTF8.self)
      let content = Array(bytes[(split + 4)..<partEnd])
      guard let name = parameter("name", in: head) else { return nil }
      if let filename = parameter("filename", in: head) {
        var type = "application/octet-stream"
        for line in head.split(separator: "\r\n")
        where line.lowercased().hasPrefix("content-type:") {
          type = String(line.dropFirst("content-type:".count)).trimmingWhitespaces()
        }
        fields[name] = .object([
          "filename": .string(filename), "contentType": .string(type),
          "byteCount": .integer(content.count),
          "signature": .string(content.prefix(4).map { String($0, radix: 16) }.joined()),
        ])
      } else {
        fields[name] = .string(String(decoding: content, as: UTF8.self))
      }
    }
    return fields
  }

  private static func parameter(_ key: String, in head: String) -> String? {
    guard let range = head.firstRange(of: "; \(key)=\"") else { return nil }
    let rest = head[range.upperBound...]
    guard let close = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<close])
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count
    else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0]
        && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
