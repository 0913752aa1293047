/// Parses JSON text into a ``JSONValue`` in one pass over its UTF-8 bytes.
///
/// Accepts what Foundation's `JSONDecoder` accepts for a `JSONValue` and gives the same
/// values: RFC 8259 JSON, plus a leading UTF-8 byte-order mark and one trailing comma in
/// an array or object; an integer literal that fits in `Int` is an
/// ``JSONValue/integer(_:)``, and so is a number written with a fraction or an exponent
/// whose value is whole and below 2^53 (`1.0`, `1e2`); any other finite number is a
/// ``JSONValue/number(_:)``, and a number beyond `Double`'s range is an error; the first
/// of duplicate keys wins; at most 512 arrays and objects nest. Three differences: the
/// text must be UTF-8, as RFC 8259 requires between systems (`JSONDecoder` also reads
/// UTF-16 and UTF-32); a whole number of 2^53 or more written with a fraction or an
/// exponent stays the nearest `Double` (`JSONDecoder` truncates its decimal digits to an
/// `Int`: `92233720368547758.08` becomes 92233720368547758); and every number is checked,
/// even in the value of a duplicate key that is then ignored (`JSONDecoder` checks a
/// number only when it reads it). `JSONParsingTests` checks all that against
/// `JSONDecoder` on generated and damaged documents.
///
/// Decoding `JSONValue` through `JSONDecoder` tried each type in turn for every value,
/// each failed attempt throwing, which made it most of the SDK's work per response.
struct JSONParser {
  /// Why the text is not JSON, and where.
  struct Failure: Error, CustomStringConvertible {
    let reason: String
    let offset: Int
    var description: String { "\(reason) at byte \(offset)" }
  }

  /// How many arrays and objects may nest.
  static let maximumDepth = 512

  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  private var depth = 0

  /// Parses `bytes`, which must hold one JSON value and nothing else but whitespace.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    return try parser.parseDocument()
  }

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(Failure) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw failure("Unexpected text after the value") }
    return value
  }

  private mutating func parseValue() throws(Failure) -> JSONValue {
    guard let byte = peek() else { throw failure("Unexpected end of the text") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    default:
      throw failure("Unexpected character")
    }
  }

  private mutating func parseArray() throws(Failure) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return .array(elements) }
      guard consume(UInt8(ascii: ",")) else { throw failure("Expected , or ] in an array") }
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return .array(elements) }
    }
  }

  private mutating func parseObject() throws(Failure) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    var object: [String: JSONValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return .object(object) }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw failure("Expected a key in an object") }
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw failure("Expected : after a key") }
      skipWhitespace()
      let value = try parseValue()
      if object.index(forKey: key) == nil {
        object[key] = value
      }
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return .object(object) }
      guard consume(UInt8(ascii: ",")) else { throw failure("Expected , or } in an object") }
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return .object(object) }
    }
  }

  /// Steps past the opening bracket or brace of an array or object.
  private mutating func enterContainer() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("More than \(Self.maximumDepth) nested arrays and objects")
    }
    index += 1
  }

  private mutating func parseString() throws(Failure) -> String {
    index += 1
    let start = index
    // Most strings have no escapes: their bytes are used as they are.
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        let text = try makeString(bytes[start..<index], at: start)
        index += 1
        return text
      case UInt8(ascii: "\\"):
        return try parseEscapedString(from: start)
      case ..<0x20:
        throw failure("Unescaped control character in a string")
      default:
        index += 1
      }
    }
    throw failure("Unterminated string")
  }

  /// Finishes a string with escapes, from its first escape on.
  private mutating func parseEscapedString(from start: Int) throws(Failure) -> String {
    var text = Array(bytes[start..<index])
    while let byte = peek() {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return try makeString(text, at: start)
      case UInt8(ascii: "\\"):
        try appendEscape(to: &text)
      case ..<0x20:
        index -= 1
        throw failure("Unescaped control character in a string")
      default:
        text.append(byte)
      }
    }
    throw failure("Unterminated string")
  }

  private mutating func appendEscape(to text: inout [UInt8]) throws(Failure) {
    guard let escape = peek() else { throw failure("Unterminated string") }
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"): UTF8.encode(try parseUnicodeEscape()) { text.append($0) }
    default:
      index -= 1
      throw failure("Invalid escape in a string")
    }
  }

  /// The scalar of a `\uXXXX` escape, or of a surrogate pair of two.
  private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
    let first = try parseHexQuad()
    var value = first
    switch first {
    case 0xD800...0xDBFF:
      guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
        throw failure("A high surrogate escape without its low surrogate")
      }
      let second = try parseHexQuad()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw failure("A high surrogate escape without its low surrogate")
      }
      value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    case 0xDC00...0xDFFF:
      throw failure("A low surrogate escape without its high surrogate")
    default:
      break
    }
    guard let scalar = Unicode.Scalar(value) else { throw failure("Invalid Unicode escape") }
    return scalar
  }

  private mutating func parseHexQuad() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw failure("Unterminated Unicode escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("Invalid hexadecimal digit in a Unicode escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private func makeString(_ utf8: some Collection<UInt8>, at offset: Int) throws(Failure) -> String
  {
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw Failure(reason: "A string is not valid UTF-8", offset: offset)
    }
    return text
  }

  private mutating func parseNumber() throws(Failure) -> JSONValue {
    let start = index
    var isInteger = true
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      if let byte = peek(), Self.isDigit(byte) { throw failure("A number with a leading zero") }
    } else {
      try skipDigits()
    }
    if consume(UInt8(ascii: ".")) {
      isInteger = false
      try skipDigits()
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      isInteger = false
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      try skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) {
      return .integer(value)
    }
    guard let value = Double(text), value.isFinite else {
      throw Failure(reason: "A number out of range", offset: start)
    }
    // Below 2^53 a whole Double is exactly what the text says; above, it may not be.
    if let whole = Int(exactly: value), value.magnitude < 0x1p53 {
      return .integer(whole)
    }
    return .number(value)
  }

  /// Skips one or more digits.
  private mutating func skipDigits() throws(Failure) {
    guard let first = peek(), Self.isDigit(first) else { throw failure("Expected a digit") }
    index += 1
    while let byte = peek(), Self.isDigit(byte) {
      index += 1
    }
  }

  private mutating func expect(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { throw failure("Unexpected end of the text") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw failure("Unexpected character")
    }
    index += count
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Steps past `byte` if it comes next.
  private mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  private func failure(_ reason: String) -> Failure {
    Failure(reason: reason, offset: index)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
