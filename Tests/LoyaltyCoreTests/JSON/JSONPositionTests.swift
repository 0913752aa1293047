import Foundation
import LoyaltyCore
import Testing

/// Where the parser says keys, values and errors are: byte offsets kept in the tape's
/// tokens, lines and columns (1-based, columns in UTF-8 bytes) worked out from them.
@Suite("JSON positions")
struct JSONPositionTests {
  private func tape(_ text: String) throws -> JSONTape {
    try JSONTape(bytes: Array(text.utf8))
  }

  private func tape(_ bytes: [UInt8]) throws -> JSONTape {
    try JSONTape(bytes: bytes)
  }

  /// The value at the end of `path` (object keys) from the root.
  private func value(_ tape: JSONTape, _ path: String...) throws -> Int {
    var value = 0
    for key in path { value = try #require(tape.member(value, key)) }
    return value
  }

  /// The failure of `bytes`.
  private func failure(_ bytes: [UInt8]) throws -> JSONSyntaxError {
    try #require(throws: JSONSyntaxError.self) { try JSONTape(bytes: bytes) }
  }

  private func failure(_ text: String) throws -> JSONSyntaxError {
    try failure(Array(text.utf8))
  }

  // MARK: Keys and values

  @Test("keys at the start, in the middle and at the end of a document")
  func keysAcrossTheDocument() throws {
    let tape = try tape(#"{"first": 1, "middle": "two", "last": [3]}"#)
    let first = try value(tape, "first")
    let middle = try value(tape, "middle")
    let last = try value(tape, "last")
    #expect(tape.keyByteOffset(ofMember: first) == 1)
    #expect(tape.byteOffset(first) == 10)
    #expect(tape.keyByteOffset(ofMember: middle) == 13)
    #expect(tape.byteOffset(middle) == 23)
    #expect(tape.keyByteOffset(ofMember: last) == 30)
    #expect(tape.byteOffset(last) == 38)
    #expect(tape.byteOffset(last + 1) == 39)
    #expect(tape.position(last - 1) == JSONPosition(offset: 30, line: 1, column: 31))
    #expect(tape.byteOffset(0) == 0)
  }

  @Test("after multi-byte UTF-8, offsets and columns count bytes")
  func afterMultiByteUTF8() throws {
    let tape = try tape(#"{"ü€😀": "中文", "k": true}"#)
    let k = try value(tape, "k")
    // ü is 2 bytes, € 3, 😀 4, 中 and 文 3 each.
    #expect(tape.keyByteOffset(ofMember: k) == 24)
    #expect(tape.byteOffset(k) == 29)
    #expect(tape.position(k - 1) == JSONPosition(offset: 24, line: 1, column: 25))
    #expect(tape.position(try value(tape, "ü€😀")) == JSONPosition(offset: 14, line: 1, column: 15))
  }

  @Test("after \\r\\n and \\n, lines count line feeds; a \\r ends its line's columns")
  func afterLineBreaks() throws {
    let text = "{\r\n  \"a\": 1,\n  \"b\": [\r\n    2\r\n  ]\r\n}"
    let tape = try tape(text)
    let a = try value(tape, "a")
    let b = try value(tape, "b")
    #expect(tape.position(a - 1) == JSONPosition(offset: 5, line: 2, column: 3))
    #expect(tape.position(a) == JSONPosition(offset: 10, line: 2, column: 8))
    #expect(tape.position(b - 1) == JSONPosition(offset: 15, line: 3, column: 3))
    #expect(tape.position(b) == JSONPosition(offset: 20, line: 3, column: 8))
    #expect(tape.position(b + 1) == JSONPosition(offset: 27, line: 4, column: 5))
  }

  @Test("nested keys and the values of every kind")
  func nestedKeysAndEveryKind() throws {
    let text =
      #"{"outer": {"inner": [{"deep": [null, true, false, 12, -3, 1.5, "#
      + #"12345678901234567890, "s", "e\n", [], {}]}]}}"#
    let tape = try tape(text)
    let outer = try value(tape, "outer")
    let inner = try value(tape, "outer", "inner")
    #expect(tape.byteOffset(outer) == 10)
    #expect(tape.keyByteOffset(ofMember: inner) == 11)
    #expect(tape.byteOffset(inner) == 20)
    let element = inner + 1
    #expect(tape.byteOffset(element) == 21)
    let deep = try #require(tape.member(element, "deep"))
    #expect(tape.keyByteOffset(ofMember: deep) == 22)
    #expect(tape.byteOffset(deep) == 30)
    let bytes = Array(text.utf8)
    let expected: [(JSONTape.Kind, String)] = [
      (.null, "null"), (.true, "true"), (.false, "false"), (.integer, "12"), (.integer, "-3"),
      (.number, "1.5"), (.number, "12345678901234567890"), (.string, #""s""#),
      (.string, #""e\n""#), (.array, "[]"), (.object, "{}"),
    ]
    var position = deep + 1
    for (kind, written) in expected {
      #expect(tape.kind(position) == kind)
      let offset = tape.byteOffset(position)
      #expect(
        String(decoding: bytes[offset..<offset + written.utf8.count], as: UTF8.self) == written)
      position = tape.end(position)
    }
    #expect(position == tape.end(deep))
  }

  @Test("offsets count a byte-order mark")
  func byteOrderMark() throws {
    let tape = try tape([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
    let a = try value(tape, "a")
    #expect(tape.position(a - 1) == JSONPosition(offset: 4, line: 1, column: 5))
    #expect(tape.byteOffset(0) == 3)
  }

  @Test("every token of generated documents points at its value's first byte")
  func generatedDocuments() throws {
    var generator = RandomJSON(random: SeededRandom(seed: 0x5EED_0003))
    for round in 0..<500 {
      let bytes = Array(generator.text(of: generator.value()).utf8)
      let tape = try tape(bytes)
      for index in 0..<tape.count {
        let byte = bytes[tape.byteOffset(index)]
        let fits =
          switch tape.kind(index) {
          case .null: byte == UInt8(ascii: "n")
          case .true: byte == UInt8(ascii: "t")
          case .false: byte == UInt8(ascii: "f")
          case .integer, .number:
            byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          case .string: byte == UInt8(ascii: "\"")
          case .array: byte == UInt8(ascii: "[")
          case .object: byte == UInt8(ascii: "{")
          }
        #expect(fits, "round \(round), token \(index): \(bytes)")
      }
    }
  }

  // MARK: Errors

  @Test(
    "a truncated document fails at its end",
    arguments: [
      (#"{"a": [1, 2"#, 1, 12), (#"{"a": "abc"#, 1, 11), ("tru", 1, 4), ("-", 1, 2),
      ("{\n  \"a\": [1,\n", 3, 1), ("", 1, 1), ("\"\\u00", 1, 6),
    ])
  func truncated(_ text: String, _ line: Int, _ column: Int) throws {
    let error = try failure(text)
    #expect(error.position == JSONPosition(offset: text.utf8.count, line: line, column: column))
  }

  @Test("a bad byte at offset 0", arguments: [[0x78], [0x7D], [0x01], [0xFF], [0x2C, 0x31]])
  func badFirstByte(_ bytes: [UInt8]) throws {
    #expect(try failure(bytes).position == JSONPosition(offset: 0, line: 1, column: 1))
  }

  @Test(
    "a bad last byte",
    arguments: [
      "[1, 2}", "{\"a\": 1]", "[1] x", "{\"a\": 1\n,\n\"b\": 2\n]", "[tru]", "\"ab\u{01}",
    ])
  func badLastByte(_ text: String) throws {
    let bytes = Array(text.utf8)
    let error = try failure(text)
    #expect(error.position.offset == bytes.count - 1)
    let lines = bytes.dropLast().filter { $0 == UInt8(ascii: "\n") }.count + 1
    #expect(error.position.line == lines)
  }

  @Test("invalid UTF-8 fails at the first byte of the ill-formed sequence")
  func invalidUTF8() throws {
    // ["ab<FF>c"]
    #expect(try failure([0x5B, 0x22, 0x61, 0x62, 0xFF, 0x63, 0x22, 0x5D]).position.offset == 4)
    // ["\n<C3>"]: a string with an escape, then half of a two-byte sequence.
    #expect(try failure([0x5B, 0x22, 0x5C, 0x6E, 0xC3, 0x22, 0x5D]).position.offset == 4)
    // "<C3>\n": half a sequence cut by an escape.
    #expect(try failure([0x22, 0xC3, 0x5C, 0x6E, 0x22]).position.offset == 1)
    // "é<ED A0 80>": an encoded surrogate after a good scalar.
    #expect(try failure([0x22, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0x22]).position.offset == 3)
  }

  @Test("number errors name the offending byte")
  func numberErrors() throws {
    #expect(try failure("01").position.offset == 1)
    #expect(try failure("[1.]").position.offset == 3)
    #expect(try failure("[1e400]").position.offset == 1)
    #expect(try failure("[1, -x]").position.offset == 5)
  }

  @Test("the SDK's error says where, with the same code, from the tape and from JSONValue")
  func loyaltyErrorSaysWhere() throws {
    let body = Data("{\n  \"a\": 1\n  \"b\": 2\n}".utf8)
    let fromTape = try #require(throws: LoyaltyError.self) { try JSONTape(parsing: body) }
    let fromValue = try #require(throws: LoyaltyError.self) { try JSONValue(parsing: body) }
    for error in [fromTape, fromValue] {
      #expect(error.code == .invalidResponse)
      #expect(
        error.message
          == "The body is not valid JSON (21 bytes): expected , or } in an object at line 3, "
          + "column 3 (byte 13).")
    }
  }

  // MARK: Lines and columns

  @Test("the byte just before and just after a line feed")
  func lineBoundaries() {
    let bytes = Array("ab\ncd".utf8)
    #expect(JSONPosition(offset: 0, in: bytes) == JSONPosition(offset: 0, line: 1, column: 1))
    #expect(JSONPosition(offset: 1, in: bytes) == JSONPosition(offset: 1, line: 1, column: 2))
    // The line feed is the last byte of its line.
    #expect(JSONPosition(offset: 2, in: bytes) == JSONPosition(offset: 2, line: 1, column: 3))
    #expect(JSONPosition(offset: 3, in: bytes) == JSONPosition(offset: 3, line: 2, column: 1))
    #expect(JSONPosition(offset: 4, in: bytes) == JSONPosition(offset: 4, line: 2, column: 2))
    // The end of the text: just after its last byte.
    #expect(JSONPosition(offset: 5, in: bytes) == JSONPosition(offset: 5, line: 2, column: 3))
  }

  @Test("\\r\\n is one line break, the \\r the end of its line; a lone \\r breaks no line")
  func carriageReturns() {
    let crlf = Array("a\r\nb".utf8)
    #expect(JSONPosition(offset: 1, in: crlf) == JSONPosition(offset: 1, line: 1, column: 2))
    #expect(JSONPosition(offset: 2, in: crlf) == JSONPosition(offset: 2, line: 1, column: 3))
    #expect(JSONPosition(offset: 3, in: crlf) == JSONPosition(offset: 3, line: 2, column: 1))
    let lone = Array("a\rb".utf8)
    #expect(JSONPosition(offset: 2, in: lone) == JSONPosition(offset: 2, line: 1, column: 3))
  }

  @Test("a text that starts or ends with line feeds, and offsets outside the text")
  func edges() {
    let bytes = Array("\n\n".utf8)
    #expect(JSONPosition(offset: 0, in: bytes) == JSONPosition(offset: 0, line: 1, column: 1))
    #expect(JSONPosition(offset: 1, in: bytes) == JSONPosition(offset: 1, line: 2, column: 1))
    #expect(JSONPosition(offset: 2, in: bytes) == JSONPosition(offset: 2, line: 3, column: 1))
    #expect(JSONPosition(offset: 9, in: bytes) == JSONPosition(offset: 2, line: 3, column: 1))
    #expect(JSONPosition(offset: -1, in: bytes) == JSONPosition(offset: 0, line: 1, column: 1))
    #expect(JSONPosition(offset: 0, in: []) == JSONPosition(offset: 0, line: 1, column: 1))
    #expect(JSONPosition(offset: 0, line: 1, column: 1).description == "line 1, column 1 (byte 0)")
  }
}
