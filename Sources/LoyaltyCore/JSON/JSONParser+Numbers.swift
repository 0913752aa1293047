/// How ``JSONParser`` reads a number: a short integer directly, any other through the
/// standard library's conversions, as an ``JSONValue/integer(_:)`` when it is whole and
/// exact.
extension JSONParser {
  @_optimize(speed)
  mutating func parseNumber() throws(Failure) {
    let start = index
    if let integer = parseShortInteger() {
      append(.integer, start, UInt64(bitPattern: Int64(integer)))
      return
    }
    var isInteger = true
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      if let byte = peek(), Self.isDigit(byte) { throw failure("a number with a leading zero") }
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
      append(.integer, start, UInt64(bitPattern: Int64(value)))
      return
    }
    guard let value = Double(text), value.isFinite else {
      throw failure("a number out of range", at: start)
    }
    // Below 2^53 a whole Double is exactly what the text says; above, it may not be.
    if let whole = Int(exactly: value), value.magnitude < 0x1p53 {
      append(.integer, start, UInt64(bitPattern: Int64(whole)))
      return
    }
    append(.number, start, value.bitPattern)
  }

  /// An integer literal of at most 18 digits (so it fits in `Int`) followed by neither a
  /// fraction nor an exponent, read directly; `nil`, with nothing consumed, for any other
  /// number, which the general path reads.
  @inline(__always)
  mutating func parseShortInteger() -> Int? {
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
  @_optimize(speed)
  mutating func skipDigits() throws(Failure) {
    guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit") }
    index += 1
    while let byte = peek(), Self.isDigit(byte) {
      index += 1
    }
  }
}
