/// How ``JSONParser`` reads a string or a key: the bytes between the quotes are checked
/// (escapes, control characters, UTF-8) and kept as a byte range of the text.
extension JSONParser {
  /// Checks a string and appends its token: the byte range between the quotes, and
  /// whether it has escapes.
  @_optimize(speed)
  mutating func parseString() throws(Failure) {
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
            throw invalidUTF8(from: start, to: index)
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
        throw failure("unescaped control character in a string")
      default:
        index += 1
      }
    }
    throw failure("unterminated string")
  }

  /// Whether one of the eight bytes of `word` is a quote, a backslash or below 0x20.
  @inline(__always)
  static func mayEndRun(_ word: UInt64) -> Bool {
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
  func isASCII(from start: Int, to end: Int) -> Bool {
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

  /// The failure of a string between `start` and `end` that is not valid UTF-8, at the
  /// first byte of its first ill-formed sequence (the well-formed ones are those of
  /// Unicode's table 3-7).
  ///
  /// For a string with escapes too: an escape is ASCII in the text and a whole scalar in
  /// what it gives, so the string's text is ill-formed exactly where its bytes are. Only
  /// a failure calls it; it does not share the decoder ``JSONTape/isValidUTF8(_:)`` runs
  /// on every non-ASCII string, so that one stays inlined.
  func invalidUTF8(from start: Int, to end: Int) -> Failure {
    var index = start
    while index < end {
      let lead = bytes[index]
      let continuations: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case ..<0x80: continuations = 0
      case 0xC2...0xDF: continuations = 1
      case 0xE0: (continuations, second) = (2, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
      case 0xED: (continuations, second) = (2, 0x80...0x9F)
      case 0xF0: (continuations, second) = (3, 0x90...0xBF)
      case 0xF1...0xF3: continuations = 3
      case 0xF4: (continuations, second) = (3, 0x80...0x8F)
      default: return failure("a string is not valid UTF-8", at: index)
      }
      guard index + continuations < end else {
        return failure("a string is not valid UTF-8", at: index)
      }
      for offset in 0..<continuations {
        let range: ClosedRange<UInt8> = offset == 0 ? second : 0x80...0xBF
        guard range.contains(bytes[index + 1 + offset]) else {
          return failure("a string is not valid UTF-8", at: index)
        }
      }
      index += 1 + continuations
    }
    return failure("a string is not valid UTF-8", at: start)
  }

  /// Finishes a string with escapes, from its first escape on: checks its escapes and
  /// the UTF-8 of what they give.
  @_optimize(speed)
  mutating func parseEscapedString(from start: Int) throws(Failure) {
    var text = Array(bytes[start..<index])
    while let byte = peek() {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard text.withUnsafeBytes(JSONTape.isValidUTF8) else {
          throw invalidUTF8(from: start, to: index - 1)
        }
        append(.string, start, UInt64(index - 1 - start) | JSONTape.Token.escaped)
        return
      case UInt8(ascii: "\\"):
        try appendEscape(to: &text)
      case ..<0x20:
        index -= 1
        throw failure("unescaped control character in a string")
      default:
        text.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  @_optimize(speed)
  mutating func appendEscape(to text: inout [UInt8]) throws(Failure) {
    guard let escape = peek() else { throw failure("unterminated string") }
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
      throw failure("invalid escape in a string")
    }
  }

  /// The scalar of a `\uXXXX` escape, or of a surrogate pair of two.
  @_optimize(speed)
  mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
    let first = try parseHexQuad()
    var value = first
    switch first {
    case 0xD800...0xDBFF:
      guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
        throw failure("a high surrogate escape without its low surrogate")
      }
      let second = try parseHexQuad()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw failure("a high surrogate escape without its low surrogate")
      }
      value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    case 0xDC00...0xDFFF:
      throw failure("a low surrogate escape without its high surrogate")
    default:
      break
    }
    guard let scalar = Unicode.Scalar(value) else { throw failure("invalid Unicode escape") }
    return scalar
  }

  @_optimize(speed)
  mutating func parseHexQuad() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw failure("unterminated Unicode escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid hexadecimal digit in a Unicode escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
