/// Parses JSON text into a ``JSONTape`` in one pass over its UTF-8 bytes: the SDK's one
/// JSON scanner.
///
/// It builds no tree: one token per value in one contiguous array, strings and keys kept
/// as byte ranges of the text (validated here, made into `String`s only when read), and
/// every token knows the offset of its value's first byte, so a reader can say where a
/// key or a value is written (``JSONTape/byteOffset(_:)``) without scanning the text again.
/// ``JSONValue/init(parsing:)`` builds its tree from the tape. A text that is not JSON
/// fails with a ``JSONSyntaxError`` at the offending byte (or at the end of the text, when
/// it stops too early); its line and column are worked out then, never while parsing.
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
/// `JSONDecoder` on generated and damaged documents. A document of more than 2^32 - 1
/// tokens (a text of several gigabytes) is refused: a container's token holds its end and
/// its count in 32 bits each.
///
/// The strings are read in `JSONParser+Strings.swift`, the numbers in
/// `JSONParser+Numbers.swift`. Its functions say `@_optimize(speed)` (those always inlined
/// get it from their callers): the products are compiled for size, and parsing the
/// market's 10,000-campaign answer was 1.4x slower so (Benchmarks/README.md).
struct JSONParser {
  /// Why the text is not JSON, and where.
  typealias Failure = JSONSyntaxError

  /// How many arrays and objects may nest.
  static let maximumDepth = 512

  /// How many tokens a document may have: a container's end and count are 32 bits each
  /// (where `Int` has 32 bits, no array can hold more anyway).
  static let maximumTokenCount = Int(exactly: UInt32.max) ?? Int.max

  let bytes: UnsafeRawBufferPointer
  var index = 0
  private var depth = 0
  private var tokens: [JSONTape.Token] = []

  /// The tokens of `bytes`, which must hold one JSON value and nothing else but
  /// whitespace.
  @_optimize(speed)
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

  @_optimize(speed)
  private mutating func parseDocument() throws(Failure) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
    }
    skipWhitespace()
    try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw failure("unexpected text after the value") }
  }

  /// Appends the token of a value whose first byte is at `offset`.
  @inline(__always)
  mutating func append(_ kind: JSONTape.Kind, _ offset: Int, _ payload: UInt64) {
    tokens.append(JSONTape.Token(kind, offset, payload))
  }

  @_optimize(speed)
  private mutating func parseValue() throws(Failure) {
    guard let byte = peek() else { throw failure("unexpected end of the text") }
    let start = index
    switch byte {
    case UInt8(ascii: "{"): try parseObject()
    case UInt8(ascii: "["): try parseArray()
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "t"):
      try expect("true")
      append(.true, start, 0)
    case UInt8(ascii: "f"):
      try expect("false")
      append(.false, start, 0)
    case UInt8(ascii: "n"):
      try expect("null")
      append(.null, start, 0)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber()
    default:
      throw failure("unexpected character")
    }
  }

  @_optimize(speed)
  private mutating func parseArray() throws(Failure) {
    let start = index
    try enterContainer()
    defer { depth -= 1 }
    let open = tokens.count
    append(.array, start, 0)
    skipWhitespace()
    var count = 0
    if !consume(UInt8(ascii: "]")) {
      while true {
        try parseValue()
        count += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { break }
        guard consume(UInt8(ascii: ",")) else { throw failure("expected , or ] in an array") }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { break }
      }
    }
    try close(open, .array, start, count)
  }

  @_optimize(speed)
  private mutating func parseObject() throws(Failure) {
    let start = index
    try enterContainer()
    defer { depth -= 1 }
    let open = tokens.count
    append(.object, start, 0)
    skipWhitespace()
    var count = 0
    if !consume(UInt8(ascii: "}")) {
      while true {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in an object") }
        try parseString()
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw failure("expected : after a key") }
        skipWhitespace()
        try parseValue()
        count += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { break }
        guard consume(UInt8(ascii: ",")) else { throw failure("expected , or } in an object") }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { break }
      }
    }
    try close(open, .object, start, count)
  }

  /// Steps past the opening bracket or brace of an array or object.
  @_optimize(speed)
  private mutating func enterContainer() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("more than \(Self.maximumDepth) nested arrays and objects")
    }
    index += 1
  }

  /// Writes the token of the container opened at token `open` and byte `start`, now that
  /// its end and its count are known.
  @inline(__always)
  private mutating func close(
    _ open: Int, _ kind: JSONTape.Kind, _ start: Int, _ count: Int
  ) throws(Failure) {
    guard tokens.count <= Self.maximumTokenCount else {
      throw failure("more than \(Self.maximumTokenCount) values and keys")
    }
    tokens[open] = JSONTape.Token(kind, start, end: tokens.count, count: count)
  }

  /// Steps past `word` (`true`, `false`, `null`), failing at its first wrong byte.
  @_optimize(speed)
  private mutating func expect(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { throw misspelled(word) }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw misspelled(word)
    }
    index += count
  }

  /// The failure of a `word` that is not written in full: at its first wrong byte, or at
  /// the end of the text.
  private func misspelled(_ word: StaticString) -> Failure {
    var offset = index
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard offset < bytes.count else { return failure("unexpected end of the text", at: offset) }
      guard bytes[offset] == expected else { return failure("unexpected character", at: offset) }
      offset += 1
    }
    return failure("unexpected character", at: offset)
  }

  @_optimize(speed)
  mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  @_optimize(speed)
  func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Steps past `byte` if it comes next.
  @_optimize(speed)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  /// The failure `reason` at the byte at `offset`, by default the next one.
  func failure(_ reason: String, at offset: Int? = nil) -> Failure {
    Failure(reason, at: offset ?? index, in: bytes)
  }

  @_optimize(speed)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
