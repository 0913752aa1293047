/// Finds where each key of a JSON document is written, so a problem with a field can be
/// reported against its line and column.
///
/// Key paths are written the way ``LoyaltyError`` metadata names fields: object keys
/// joined by dots, array elements as `[index]` (`device.languages[1]`). The scanner is
/// strict enough to reject malformed JSON and says where it stopped
/// (``syntaxError``), which `JSONDecoder` does not report.
public struct JSONKeyLocator: Sendable {
  /// Where each key path is written: the key's opening quote, or an array element's
  /// first character.
  public private(set) var locations: [String: SourceLocation] = [:]
  /// Where the document stops being JSON, and what was expected there; nil when it
  /// scanned to the end.
  public private(set) var syntaxError: (location: SourceLocation, message: String)?

  /// Scans a document.
  public init(text: String) {
    var scanner = Scanner(bytes: Array(text.utf8))
    do {
      try scanner.document()
    } catch {
      syntaxError = (error.location, error.message)
    }
    locations = scanner.locations
  }

  /// Where the field is written: the key path itself, else the nearest enclosing key
  /// that is written (a missing field is reported at its parent), else nil.
  public func location(of field: String) -> SourceLocation? {
    var path = field
    while !path.isEmpty {
      if let location = locations[path] {
        return location
      }
      guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
      path = String(path[..<cut])
    }
    return nil
  }
}

/// Where scanning stopped.
private struct ScanError: Error {
  let location: SourceLocation
  let message: String
}

/// A recursive-descent scanner over UTF-8 bytes that tracks line and column.
private struct Scanner {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var lineStart = 0
  var locations: [String: SourceLocation] = [:]

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

  mutating func document() throws(ScanError) {
    skipWhitespace()
    try value(path: "")
    skipWhitespace()
    if index < bytes.count {
      throw fail("unexpected text after the JSON value")
    }
  }

  func fail(_ message: String) -> ScanError {
    ScanError(location: location, message: message)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      default:
        return
      }
    }
  }

  mutating func value(path: String) throws(ScanError) {
    guard index < bytes.count else { throw fail("expected a value, found the end of the file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try object(path: path)
    case UInt8(ascii: "["): try array(path: path)
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw fail("expected a value")
    }
  }

  mutating func object(path: String) throws(ScanError) {
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a key in double quotes")
      }
      let keyLocation = location
      let key = try string()
      let keyPath = path.isEmpty ? key : "\(path).\(key)"
      locations[keyPath] = locations[keyPath] ?? keyLocation
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      try value(path: keyPath)
      skipWhitespace()
      guard index < bytes.count else {
        throw fail("expected ',' or '}', found the end of the file")
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw fail("expected ',' or '}'") }
      index += 1
      skipWhitespace()
    }
  }

  mutating func array(path: String) throws(ScanError) {
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    var element = 0
    while true {
      let elementPath = "\(path)[\(element)]"
      locations[elementPath] = location
      try value(path: elementPath)
      skipWhitespace()
      guard index < bytes.count else {
        throw fail("expected ',' or ']', found the end of the file")
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw fail("expected ',' or ']'") }
      index += 1
      skipWhitespace()
      element += 1
    }
  }

  /// Scans a string and returns its text, escapes resolved well enough to name a key.
  mutating func string() throws(ScanError) -> String {
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { throw fail("unterminated string") }
        let escaped = bytes[index + 1]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"),
          UInt8(ascii: "t"), UInt8(ascii: "u"):
          text.append(UInt8(ascii: "?"))
        default:
          throw fail("invalid escape in a string")
        }
        index += 2
      case 0..<0x20:
        throw fail("a control character in a string; escape it")
      default:
        text.append(byte)
        index += 1
      }
    }
    throw fail("unterminated string")
  }

  mutating func number() throws(ScanError) {
    let start = index
    while index < bytes.count,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
        || bytes[index] == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    {
      index += 1
    }
    if index == start { throw fail("expected a number") }
  }

  mutating func literal(_ word: String) throws(ScanError) {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count,
      Array(bytes[index..<index + expected.count]) == expected
    else {
      throw fail("expected \(word)")
    }
    index += expected.count
  }
}
