import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The lenient reads of `LenientDecoding.swift`, over a parsed value.
///
/// Each function takes a value that is present and not `null`, and gives exactly what the
/// `KeyedDecodingContainer` read of the same name gives over ``JSONTapeDecoder``: the same
/// attempts in the same order (a string, then an integer, ...), with the primitives read
/// as `JSONDecoder` reads them; `nil` for an empty value, ``Failure`` where that read
/// throws a `DecodingError`. ``FieldReader`` uses them when its decoder is a
/// `JSONTapeDecoder`, so a tolerated value costs no thrown error and no coding path.
enum JSONLenient {
  /// The value cannot be read as the type asked for.
  struct Failure: Error {}

  /// `decode(Int.self)`: a number that is whole and fits.
  @inline(__always)
  static func exactInt(_ value: JSONValue) -> Int? {
    switch value {
    case .integer(let number): number
    case .number(let number): Int(exactly: number)
    default: nil
    }
  }

  static func string(_ value: JSONValue) throws(Failure) -> String? {
    switch value {
    case .string(let text): return text
    case .integer(let number): return String(number)
    case .number(let number):
      if let exact = Int(exactly: number) { return String(exact) }
      return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .bool(let flag): return flag ? "true" : "false"
    default: throw Failure()
    }
  }

  static func int(_ value: JSONValue) throws(Failure) -> Int? {
    if let number = exactInt(value) { return number }
    switch value {
    case .string(let text):
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty { return nil }
      if let number = Int(trimmed) { return number }
      if let number = Double(trimmed), let exact = Int(exactly: number.rounded()) {
        return exact
      }
      throw Failure()
    case .bool(let flag): return flag ? 1 : 0
    default: throw Failure()
    }
  }

  static func double(_ value: JSONValue) throws(Failure) -> Double? {
    switch value {
    case .integer(let number): return Double(number)
    case .number(let number): return number
    case .string(let text):
      let trimmed = text.trimmingWhitespace().replacingAll(",", with: ".")
      if trimmed.isEmpty { return nil }
      if let number = Double(trimmed) { return number }
      throw Failure()
    default: throw Failure()
    }
  }

  static func bool(_ value: JSONValue) throws(Failure) -> Bool? {
    switch value {
    case .bool(let flag): return flag
    case .string(let text):
      switch text.trimmingWhitespace().lowercased() {
      case "true", "1", "yes": return true
      case "false", "0", "no", "": return false
      default: throw Failure()
      }
    default:
      if let number = exactInt(value), number == 0 || number == 1 { return number == 1 }
      throw Failure()
    }
  }

  static func date(_ value: JSONValue) throws(Failure) -> Date? {
    guard let text = try string(value)?.trimmingWhitespace(), !text.isEmpty else { return nil }
    guard let date = LoyaltyDate.parse(text) else { throw Failure() }
    return date
  }

  /// `FieldReader.url`'s read: escaped slashes cleaned, trimmed; one that does not parse
  /// fails.
  static func url(_ value: JSONValue) throws(Failure) -> URL? {
    // The usual URL: ASCII, no escaped slash, nothing to trim; one pass over its bytes
    // instead of the general path's searches and scalar walks.
    if case .string(var text) = value, text.withUTF8(Self.isPlainURL) {
      guard let url = URL(string: text) else { throw Failure() }
      return url
    }
    guard let text = try string(value)?.replacingAll("\\/", with: "/").trimmingWhitespace(),
      !text.isEmpty
    else { return nil }
    guard let url = URL(string: text) else { throw Failure() }
    return url
  }

  /// Whether `bytes` are not empty, all ASCII, without a backslash, and neither start
  /// nor end with a space or a tab: cleaning and trimming would leave them as they are.
  private static func isPlainURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last,
      first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), last != UInt8(ascii: " "),
      last != UInt8(ascii: "\t")
    else { return false }
    // Eight bytes at a time: a high bit set, or a byte equal to the backslash.
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset + 8 <= raw.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let backslashes = word ^ (ones &* 0x5C)
      if word & highs != 0 || (backslashes &- ones) & ~backslashes & highs != 0 { return false }
      offset += 8
    }
    while offset < raw.count {
      let byte = raw[offset]
      if byte >= 0x80 || byte == UInt8(ascii: "\\") { return false }
      offset += 1
    }
    return true
  }

  static func strings(_ value: JSONValue) throws(Failure) -> [String] {
    switch value {
    case .array(let elements):
      var texts: [String] = []
      texts.reserveCapacity(elements.count)
      for element in elements {
        guard case .string(let text) = element else { break }
        texts.append(text)
      }
      if texts.count == elements.count { return texts }
      var numbers: [String] = []
      numbers.reserveCapacity(elements.count)
      for element in elements {
        guard let number = exactInt(element) else { throw Failure() }
        numbers.append(String(number))
      }
      return numbers
    case .string(let text):
      return text.split(separator: ",").map { String($0).trimmingWhitespace() }
        .filter { !$0.isEmpty }
    default: throw Failure()
    }
  }
}
