#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A parsed JSON text as a flat list of tokens, in the text's order, over the text's bytes.
///
/// One token per value: a container's token comes before its elements (an object's
/// members as a key token then a value token) and knows where it ends, so a reader skips
/// a whole value in one step. Strings and keys stay byte ranges of the text, already
/// checked, and become `String`s only when read; an object's member is found by comparing
/// key bytes, first to last, so the first of duplicate keys wins, as in ``JSONValue``.
/// `JSONParser` builds it and checks the text as ``JSONValue/init(parsing:)`` does (which
/// builds its tree from the same tokens), so both accept the same texts.
///
/// Token positions are `Int`s: the root is at 0. Every token also knows where its value
/// is written in the text (`JSONTape+Positions.swift`: the byte offset of a key or a
/// value, and its line and column, worked out only when asked for). The SDK's decoders
/// read it; the public surface is parsing it and reading it as a ``JSONValue``.
public struct JSONTape: Sendable {
  /// What a token is.
  package enum Kind: UInt8, Sendable {
    case null, `true`, `false`, integer, number, string, array, object
  }

  /// One value: its kind and byte offset in one word (a string's first byte after its
  /// opening quote, any other value's first byte), its payload in the other (a number's
  /// bits, a string's length and flags, a container's end, the position after its last
  /// token, in the low 32 bits and its count of elements or members in the high 32).
  package struct Token: Sendable {
    let head: UInt64
    let payload: UInt64

    /// A string flag: it has escapes, so its bytes are not its text.
    static let escaped: UInt64 = 1 << 63
    /// A string flag: it has bytes that are not ASCII.
    static let nonASCII: UInt64 = 1 << 62
    static let lengthMask: UInt64 = (1 << 62) - 1

    @inline(__always)
    init(_ kind: Kind, _ offset: Int, _ payload: UInt64) {
      head = UInt64(kind.rawValue) << 56 | UInt64(offset)
      self.payload = payload
    }

    /// A container's token.
    @inline(__always)
    init(_ kind: Kind, _ offset: Int, end: Int, count: Int) {
      self.init(
        kind, offset, UInt64(truncatingIfNeeded: end) | UInt64(truncatingIfNeeded: count) << 32)
    }

    @inline(__always)
    var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: head >> 56)) ?? .null }
    /// The byte offset: for a string, of its first byte after the opening quote.
    @inline(__always)
    var offset: Int { Int(truncatingIfNeeded: head & 0x00FF_FFFF_FFFF_FFFF) }
    /// A container's end: the position after its last token.
    @inline(__always)
    var end: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
    /// A container's number of elements or members.
    @inline(__always)
    var count: Int { Int(truncatingIfNeeded: payload >> 32) }
  }

  /// The text's bytes. A copy: reading `Data` in place costs a run-time exclusivity check
  /// per access (its storage is a class), more than the copy.
  let bytes: [UInt8]
  /// The tokens, the root first.
  let tokens: [Token]

  /// Parses `data`, which must hold one JSON value and nothing else but whitespace; it
  /// accepts exactly what ``JSONValue/init(parsing:)`` accepts.
  /// - Throws: ``LoyaltyError/Code/invalidResponse`` when `data` is not JSON; its message
  ///   says why and where (line, column and byte offset of the offending byte).
  public init(parsing data: Data) throws {
    do {
      try self.init(bytes: [UInt8](data))
    } catch {
      throw error.loyaltyError(byteCount: data.count)
    }
  }

  /// Parses `bytes`, as ``init(parsing:)`` does.
  /// - Throws: The ``JSONSyntaxError`` that says why the text is not JSON, and where.
  package init(bytes: [UInt8]) throws(JSONSyntaxError) {
    self.bytes = bytes
    // `withUnsafeBytes` rethrows untyped: the failure comes out of it as a `Result`.
    tokens = try bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONSyntaxError) in try JSONParser.tokens(of: buffer) }
    }.get()
  }

  /// The number of tokens: one per value, and one per key.
  public var count: Int { tokens.count }

  /// The whole document as a ``JSONValue``.
  public var root: JSONValue { value(0) }

  /// The kind of the value at `index`.
  @inline(__always)
  package func kind(_ index: Int) -> Kind { tokens[index].kind }

  /// The position after the value at `index` (after a container's last token).
  @inline(__always)
  package func end(_ index: Int) -> Int {
    let token = tokens[index]
    switch token.kind {
    case .array, .object: return token.end
    default: return index + 1
    }
  }

  /// The number of elements or members of the array or object at `index`.
  @inline(__always)
  package func elementCount(_ index: Int) -> Int { tokens[index].count }

  /// The integer at `index` (kind ``Kind/integer``).
  @inline(__always)
  package func integer(_ index: Int) -> Int {
    Int(truncatingIfNeeded: Int64(bitPattern: tokens[index].payload))
  }

  /// The number at `index` (kind ``Kind/number``).
  @inline(__always)
  package func number(_ index: Int) -> Double { Double(bitPattern: tokens[index].payload) }

  /// The text of the string at `index` (kind ``Kind/string``).
  @_optimize(speed)
  package func string(_ index: Int) -> String {
    let token = tokens[index]
    let start = token.offset
    let length = Int(truncatingIfNeeded: token.payload & Token.lengthMask)
    return bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeBufferPointer(rebasing: buffer[start..<start + length])
      if token.payload & Token.escaped == 0 { return String(decoding: raw, as: UTF8.self) }
      return String(decoding: Self.unescaped(raw), as: UTF8.self)
    }
  }

  /// The position of the value of the first member named `name` of the object at
  /// `object`, or `nil`.
  package func member(_ object: Int, _ name: String) -> Int? {
    var utf8 = name
    return utf8.withUTF8 { key in member(object, key, name) }
  }

  private func member(_ object: Int, _ key: UnsafeBufferPointer<UInt8>, _ name: String) -> Int? {
    var keyIsASCII = true
    for byte in key where byte >= 0x80 { keyIsASCII = false }
    return tokens.withUnsafeBufferPointer { tokens in
      bytes.withUnsafeBufferPointer { bytes in
        let end = tokens[object].end
        var position = object + 1
        while position < end {
          let token = tokens[position]
          let length = Int(truncatingIfNeeded: token.payload & Token.lengthMask)
          if keyIsASCII, token.payload & (Token.escaped | Token.nonASCII) == 0 {
            // Both ASCII: the texts are equal when the bytes are.
            if length == key.count {
              let start = token.offset
              var same = true
              var offset = 0
              while offset < length {
                if bytes[start + offset] != key[offset] {
                  same = false
                  break
                }
                offset += 1
              }
              if same { return position + 1 }
            }
          } else if string(position) == name {
            return position + 1
          }
          let value = tokens[position + 1]
          switch value.kind {
          case .array, .object: position = value.end
          default: position += 2
          }
        }
        return nil
      }
    }
  }

  /// The keys of the object at `object`, in the text's order.
  package func keys(_ object: Int) -> [String] {
    var keys: [String] = []
    keys.reserveCapacity(elementCount(object))
    var position = object + 1
    let last = end(object)
    while position < last {
      keys.append(string(position))
      position = self.end(position + 1)
    }
    return keys
  }

  /// The value at `index` as a ``JSONValue``.
  @_optimize(speed)
  package func value(_ index: Int) -> JSONValue {
    let token = tokens[index]
    switch token.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .integer: return .integer(Int(truncatingIfNeeded: Int64(bitPattern: token.payload)))
    case .number: return .number(Double(bitPattern: token.payload))
    case .string, .array, .object: break
    }
    return bytes.withUnsafeBytes { bytes in
      var position = index
      return Self.value(tokens, bytes, &position)
    }
  }

  // MARK: Building values

  /// The value at `position`, which is moved past it.
  @_optimize(speed)
  static func value(_ tokens: [Token], _ bytes: UnsafeRawBufferPointer, _ position: inout Int)
    -> JSONValue
  {
    let token = tokens[position]
    position += 1
    switch token.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .integer: return .integer(Int(truncatingIfNeeded: Int64(bitPattern: token.payload)))
    case .number: return .number(Double(bitPattern: token.payload))
    case .string: return .string(string(token, bytes))
    case .array:
      var elements: [JSONValue] = []
      elements.reserveCapacity(token.count)
      for _ in 0..<token.count { elements.append(value(tokens, bytes, &position)) }
      return .array(elements)
    case .object:
      var object = [String: JSONValue](minimumCapacity: token.count)
      for _ in 0..<token.count {
        let key = string(tokens[position], bytes)
        position += 1
        let member = value(tokens, bytes, &position)
        // The first of duplicate keys wins: a later one puts the first value back.
        if let first = object.updateValue(member, forKey: key) { object[key] = first }
      }
      return .object(object)
    }
  }

  @inline(__always)
  static func string(_ token: Token, _ bytes: UnsafeRawBufferPointer) -> String {
    let start = token.offset
    let length = Int(truncatingIfNeeded: token.payload & Token.lengthMask)
    let raw = UnsafeBufferPointer(
      rebasing: bytes.assumingMemoryBound(to: UInt8.self)[start..<start + length])
    if token.payload & Token.escaped == 0 { return String(decoding: raw, as: UTF8.self) }
    return String(decoding: unescaped(raw), as: UTF8.self)
  }

  // MARK: Text

  /// The bytes of a string's text from its checked bytes between the quotes.
  @_optimize(speed)
  static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(raw.count)
    var index = 0
    func hexQuad() -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 where index < raw.count {
        let byte = raw[index]
        let digit: UInt8 =
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
          default: byte &- UInt8(ascii: "A") &+ 10
          }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      index += 1
      guard byte == UInt8(ascii: "\\"), index < raw.count else {
        text.append(byte)
        continue
      }
      let escape = raw[index]
      index += 1
      switch escape {
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "u"):
        var value = hexQuad()
        if (0xD800...0xDBFF).contains(value) {
          index += 2  // the checked `\u` of the low surrogate
          value = 0x10000 + ((value - 0xD800) << 10) + (hexQuad() - 0xDC00)
        }
        if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { text.append($0) } }
      default: text.append(escape)
      }
    }
    return text
  }

  /// Whether `bytes` are well-formed UTF-8.
  @_optimize(speed)
  static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
