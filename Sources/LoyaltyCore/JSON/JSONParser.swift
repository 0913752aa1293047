/// Parses JSON text into a ``JSONTape`` in one pass over its UTF-8 bytes.
///
/// It builds no tree: one token per value in one contiguous array, strings and keys kept
/// as byte ranges of the text (validated here, made into `String`s only when read).
/// ``JSONValue/init(parsing:)`` builds its tree from the tape.
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
  private var tokens: [JSONTape.Token] = []

  /// The tokens of `bytes`, which must hold one JSON value and nothing else but
  /// whitespace.
  static func tokens(of bytes: UnsafeRawBufferPointer) throws(Failure) -> [JSONTape.Token] {
    var parser = JSONParser(bytes: bytes)
    // About one token per eight bytes in the market's answers: one growth at most.
    parser.tokens.reserveCapacity(bytes.count / 8 + 4)
    try parser.parseDocument()
    return parser.tokens
  }

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(Failure) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
    }
    skipWhitespace()
    try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw failure("Unexpected text after the value") }
  }

  @inline(__always)
  private mutating func append(_ kind: JSONTape.Kind, _ offset: Int, _ payload: UInt64) {
    tokens.append(JSONTape.Token(kind, offset, payload))
  }

  private mutating func parseValue() throws(Failure) {
    guard let byte = peek() else { throw failure("Unexpected end of the text") }
    switch byte {
    case UInt8(ascii: "{"): try parseObject()
    case UInt8(ascii: "["): try parseArray()
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "t"):
      try expect("true")
      append(.true, 0, 0)
    case UInt8(ascii: "f"):
      try expect("false")
      append(.false, 0, 0)
    case UInt8(ascii: "n"):
      try expect("null")
      append(.null, 0, 0)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber()
    default:
      throw failure("Unexpected character")
    }
  }

  private mutating func parseArray() throws(Failure) {
    try enterContainer()
    defer { depth -= 1 }
    let open = tokens.count
    append(.array, 0, 0)
    skipWhitespace()
    var count = 0
    if !consume(UInt8(ascii: "]")) {
      while true {
        try parseValue()
        count += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { break }
        guard consume(UInt8(ascii: ",")) else { throw failure("Expected , or ] in an array") }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { break }
      }
    }
    tokens[open] = JSONTape.Token(.array, count, UInt64(tokens.count))
  }

  private mutating func parseObject() throws(Failure) {
    try enterContainer()
    defer { depth -= 1 }
    let open = tokens.count
    append(.object, 0, 0)
    skipWhitespace()
    var count = 0
    if !consume(UInt8(ascii: "}")) {
      while true {
        guard peek() == UInt8(ascii: "\"") else { throw failure("Expected a key in an object") }
        try parseString()
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw failure("Expected : after a key") }
        skipWhitespace()
        try parseValue()
        count += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { break }
        guard consume(UInt8(ascii: ",")) else { throw failure("Expected , or } in an object") }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { break }
      }
    }
    tokens[open] = JSONTape.Token(.object, count, UInt64(tokens.count))
  }

  /// Steps past the opening bracket or brace of an array or object.
  private mutating func enterContainer() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("More than \(Self.maximumDepth) nested arrays and objects")
    }
    index += 1
  }

  /// Checks a string and appends its token: the byte range between the quotes, and
  /// whether it has escapes.
  private mutating func parseString() throws(Failure) {
    index += 1
    let start = index
    // Most strings have no escapes: their bytes are used as they are. Eight bytes at a
    // time until one may be a quote, a backslash or a control character.
    let count = bytes.count
    while index + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if Self.mayEndRun(UInt64(littleEndian: word)) { break }
      index += 8
    }
    while index < count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        var flags: UInt64 = 0
        if !isASCII(from: start, to: index) {
          guard JSONTape.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) else {
            throw Failure(reason: "A string is not valid UTF-8", offset: start)
          }
          flags = JSONTape.Token.nonASCII
        }
        append(.string, start, UInt64(index - start) | flags)
        index += 1
        return
      case UInt8(ascii: "\\"):
        try parseEscapedString(from: start)
        return
      case ..<0x20:
        throw failure("Unescaped control character in a string")
      default:
        index += 1
      }
    }
    throw failure("Unterminated string")
  }

  /// Whether one of the eight bytes of `word` is a quote, a backslash or below 0x20.
  @inline(__always)
  private static func mayEndRun(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    let quote = hasZeroByte(word ^ (ones &* 0x22))
    let backslash = hasZeroByte(word ^ (ones &* 0x5C))
    // A byte below 0x20 (its high bit clear) gives a borrow into its high bit.
    let control = (word &- ones &* 0x20) & ~word & highs != 0
    return quote || backslash || control
  }

  /// Whether the bytes from `start` to `end` are all ASCII.
  @inline(__always)
  private func isASCII(from start: Int, to end: Int) -> Bool {
    var position = start
    var bits: UInt64 = 0
    while position + 8 <= end {
      bits |= bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
      position += 8
    }
    while position < end {
      bits |= UInt64(bytes[position])
      position += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Finishes a string with escapes, from its first escape on: checks its escapes and
  /// the UTF-8 of what they give.
  private mutating func parseEscapedString(from start: Int) throws(Failure) {
    var text = Array(bytes[start..<index])
    while let byte = peek() {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard text.withUnsafeBytes(JSONTape.isValidUTF8) else {
          throw Failure(reason: "A string is not valid UTF-8", offset: start)
        }
        append(.string, start, UInt64(index - 1 - start) | JSONTape.Token.escaped)
        return
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

  private mutating func parseNumber() throws(Failure) {
    if let integer = parseShortInteger() {
      append(.integer, 0, UInt64(bitPattern: Int64(integer)))
      return
    }
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
      append(.integer, 0, UInt64(bitPattern: Int64(value)))
      return
    }
    guard let value = Double(text), value.isFinite else {
      throw Failure(reason: "A number out of range", offset: start)
    }
    // Below 2^53 a whole Double is exactly what the text says; above, it may not be.
    if let whole = Int(exactly: value), value.magnitude < 0x1p53 {
      append(.integer, 0, UInt64(bitPattern: Int64(whole)))
      return
    }
    append(.number, 0, value.bitPattern)
  }

  /// An integer literal of at most 18 digits (so it fits in `Int`) followed by neither a
  /// fraction nor an exponent, read directly; `nil`, with nothing consumed, for any other
  /// number, which the general path reads.
  @inline(__always)
  private mutating func parseShortInteger() -> Int? {
    var position = index
    let count = bytes.count
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    var value = 0
    while position < count, position - digitsStart < 19 {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      position += 1
    }
    let digits = position - digitsStart
    guard digits > 0, digits <= 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0")
    else { return nil }
    if position < count {
      switch bytes[position] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return nil
      default: break
      }
    }
    index = position
    return negative ? -value : value
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
