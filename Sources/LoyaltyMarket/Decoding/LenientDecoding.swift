#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decoding that tolerates what real servers send: numbers as strings and the reverse,
/// booleans as `"true"` or `"1"`, escaped URLs, the backend's date formats, `null` for
/// absent values. A value that cannot be read as the type asked for is a
/// `DecodingError` carrying its field path.
extension KeyedDecodingContainer {
  func lenientString(_ key: Key) throws -> String? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let text = try? decode(String.self, forKey: key) { return text }
    if let number = try? decode(Int.self, forKey: key) { return String(number) }
    if let number = try? decode(Double.self, forKey: key) {
      return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
    if let flag = try? decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
    throw DecodingError.typeMismatch(
      String.self, .init(codingPath: codingPath + [key], debugDescription: "not a string"))
  }

  func lenientString(_ key: Key, default value: String) throws -> String {
    try lenientString(key) ?? value
  }

  func lenientInt(_ key: Key) throws -> Int? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let number = try? decode(Int.self, forKey: key) { return number }
    if let number = try? decode(Double.self, forKey: key), let exact = Int(exactly: number) {
      return exact
    }
    if let text = try? decode(String.self, forKey: key) {
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty { return nil }
      if let number = Int(trimmed) { return number }
      if let number = Double(trimmed), let exact = Int(exactly: number.rounded()) {
        return exact
      }
    }
    if let flag = try? decode(Bool.self, forKey: key) { return flag ? 1 : 0 }
    throw DecodingError.typeMismatch(
      Int.self, .init(codingPath: codingPath + [key], debugDescription: "not an integer"))
  }

  func lenientDouble(_ key: Key) throws -> Double? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let number = try? decode(Double.self, forKey: key) { return number }
    if let text = try? decode(String.self, forKey: key) {
      let trimmed = text.trimmingWhitespace().replacingAll(",", with: ".")
      if trimmed.isEmpty { return nil }
      if let number = Double(trimmed) { return number }
    }
    throw DecodingError.typeMismatch(
      Double.self, .init(codingPath: codingPath + [key], debugDescription: "not a number"))
  }

  func lenientBool(_ key: Key) throws -> Bool? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let flag = try? decode(Bool.self, forKey: key) { return flag }
    if let number = try? decode(Int.self, forKey: key), number == 0 || number == 1 {
      return number == 1
    }
    if let text = try? decode(String.self, forKey: key) {
      switch text.trimmingWhitespace().lowercased() {
      case "true", "1", "yes": return true
      case "false", "0", "no", "": return false
      default: break
      }
    }
    throw DecodingError.typeMismatch(
      Bool.self, .init(codingPath: codingPath + [key], debugDescription: "not a boolean"))
  }

  /// A date in one of the backend's formats; an empty string is `nil`; anything else that
  /// does not parse is an error naming the field.
  func lenientDate(_ key: Key) throws -> Date? {
    guard let text = try lenientString(key)?.trimmingWhitespace(),
      !text.isEmpty
    else { return nil }
    guard let date = LoyaltyDate.parse(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath + [key], debugDescription: "an unknown date format"))
    }
    return date
  }

  /// A URL, with the escaped slashes (`\/`) some payloads carry cleaned; an empty string
  /// or an unparseable one is `nil`.
  func lenientURL(_ key: Key) throws -> URL? {
    guard
      let text = try lenientString(key)?.replacingAll("\\/", with: "/").trimmingWhitespace(),
      !text.isEmpty
    else { return nil }
    return URL(string: text)
  }

  func lenientStrings(_ key: Key) throws -> [String] {
    guard contains(key), try !decodeNil(forKey: key) else { return [] }
    if let list = try? decode([String].self, forKey: key) { return list }
    if let text = try? decode(String.self, forKey: key) {
      return text.split(separator: ",").map { String($0).trimmingWhitespace() }
        .filter { !$0.isEmpty }
    }
    if let list = try? decode([Int].self, forKey: key) { return list.map(String.init) }
    throw DecodingError.typeMismatch(
      [String].self, .init(codingPath: codingPath + [key], debugDescription: "not a list"))
  }
}

/// A coding key from any string, for models whose keys are read by name.
struct AnyKey: CodingKey {
  let stringValue: String
  let intValue: Int? = nil
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

// Foundation's `trimmingCharacters(in:)` and `replacingOccurrences(of:with:)` go through
// `NSString` on Linux, copying every string to UTF-16 and back even when there is nothing
// to change; decoding 10,000 campaigns spent about 60 % of its time there. These do the
// same work natively and return the string itself, without a copy, in the usual case.
extension String {
  /// The string without leading and trailing members of `CharacterSet.whitespaces`
  /// (tab and the Unicode space separators): `trimmingCharacters(in: .whitespaces)`.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, Self.isWhitespace(scalars[start]) {
      scalars.formIndex(after: &start)
    }
    while start < end {
      let last = scalars.index(before: end)
      guard Self.isWhitespace(scalars[last]) else { break }
      end = last
    }
    if start == scalars.startIndex && end == scalars.endIndex { return self }
    return String(scalars[start..<end])
  }

  /// The string with every occurrence of `target` replaced: the same result as
  /// `replacingOccurrences(of:with:)`; the copy is only made when `target` may occur.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard let first = target.utf8.first, utf8.contains(first) else { return self }
    return replacing(target, with: replacement)
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" }
    return scalar.properties.generalCategory == .spaceSeparator
  }
}
